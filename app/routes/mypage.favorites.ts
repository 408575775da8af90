import { getSession } from '../features/accounts/session-request.server';
import { answerAddFavorite } from '../features/favorites/answer-favorite-calls.server';
import { invalidatePageCache } from '../lib/page-cache.server';
import { jsonError } from '../lib/http';
import type { Route } from './+types/mypage.favorites';
import { readFormData } from '../lib/form-data.server';

// POST /mypage/favorites (company_id, authenticity_token): SPEC.md section 7. The server's one
// CSRF check has already refused requests without a valid token.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'method_not_allowed', 'このURLではPOSTのみ受け付けています。');
  const user = (await getSession(request))?.user;
  const form = await readFormData(request);
  const companyId = form.get('company_id');
  const response = await answerAddFavorite({
    userId: user?.role === 'student' ? user.id : null,
    companyId: typeof companyId === 'string' ? companyId : null,
  });
  // Popular-company counts on visitors' pages change with favorites.
  if (response.ok) invalidatePageCache();
  return response;
}

// A GET here (a typed URL, a crawler) gets a clear JSON answer instead of the router's error.
export function loader() {
  return jsonError(405, 'method_not_allowed', 'このURLはページではありません。');
}
