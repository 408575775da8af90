import { getSession } from '../features/accounts/session-request.server';
import { answerDisplayAcquiredBadges } from '../features/badges/answer-badge-calls.server';
import { jsonError } from '../lib/http';
import type { Route } from './+types/api.badges.display-acquired';

// POST /api/v1/student/badges/display_acquired (authenticity_token, badge_kind_ids): SPEC.md section 7.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'method_not_allowed', 'このURLではPOSTのみ受け付けています。');
  const user = (await getSession(request))?.user;
  return answerDisplayAcquiredBadges({ userId: user?.role === 'student' ? user.id : null, request });
}

// A GET here (a typed URL, a crawler) gets a clear JSON answer instead of the router's error.
export function loader() {
  return jsonError(405, 'method_not_allowed', 'このURLはページではありません。');
}
