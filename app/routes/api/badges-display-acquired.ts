import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { readBadgeKindIds } from '../../features/badges/badge-call-payload';
import { markBadgesDisplayed } from '../../features/badges/mark-badges-displayed.server';
import { allowMethods, callOnlyLoader, json } from '../../lib/http';
import type { Route } from './+types/badges-display-acquired';

// POST /api/v1/student/badges/display_acquired (authenticity_token, badge_kind_ids): docs/product/calls.md#badge-calls. Marks the listed badges as shown; only the caller's own grants change. Answers
// {"badge_kind_ids":[…]} with the ids this call marked.
export async function action({ request }: Route.ActionArgs) {
  allowMethods(request, 'POST');
  const student = await requireStudentForCall(request);
  const badgeKindIds = await readBadgeKindIds(request);
  const marked = await markBadgesDisplayed({ userId: student.id, badgeKindIds });
  return json({ badge_kind_ids: marked }, { headers: { 'Cache-Control': 'no-store' } });
}

export const loader = callOnlyLoader('POST');
