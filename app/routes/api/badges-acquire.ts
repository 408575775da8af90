import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { listUndisplayedBadges } from '../../features/badges/list-undisplayed-badges.server';
import { json } from '../../lib/http';
import type { Route } from './+types/badges-acquire';

// GET /api/v1/student/badges/acquire: docs/product/calls.md#badge-calls. The student's acquired, not yet shown
// badge kinds: {"badge_kinds":[{"id","name","icon","color"}]}.
export async function loader({ request }: Route.LoaderArgs) {
  const student = await requireStudentForCall(request);
  return json({ badge_kinds: await listUndisplayedBadges({ userId: student.id }) }, { headers: { 'Cache-Control': 'no-store' } });
}
