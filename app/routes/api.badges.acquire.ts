import { getSession } from '../features/accounts/session-request.server';
import { answerAcquireBadges } from '../features/badges/answer-badge-calls.server';
import type { Route } from './+types/api.badges.acquire';

// GET /api/v1/student/badges/acquire: SPEC.md section 7.
export async function loader({ request }: Route.LoaderArgs) {
  const user = (await getSession(request))?.user;
  return answerAcquireBadges({ userId: user?.role === 'student' ? user.id : null });
}
