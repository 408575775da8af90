import { getSession } from '../features/accounts/session-request.server';
import { answerRemoveFavorite } from '../features/favorites/answer-favorite-calls.server';
import { invalidatePageCache } from '../lib/page-cache.server';
import { jsonError } from '../lib/http';
import type { Route } from './+types/mypage.favorites.company';

// DELETE /mypage/favorites/{company_id} (authenticity_token): SPEC.md section 7.
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return jsonError(405, 'method_not_allowed', 'このURLではDELETEのみ受け付けています。');
  const user = (await getSession(request))?.user;
  const response = await answerRemoveFavorite({
    userId: user?.role === 'student' ? user.id : null,
    companyId: params.companyId,
  });
  if (response.ok) invalidatePageCache();
  return response;
}

// A GET here (a typed URL, a crawler) gets a clear JSON answer instead of the router's error.
export function loader() {
  return jsonError(405, 'method_not_allowed', 'このURLはページではありません。');
}
