// The two favorite calls of SPEC.md section 7, without the framework: a route resolves the viewer
// (the global CSRF check has already run) and hands over.
//   POST   /mypage/favorites               (form field company_id)  → answerAddFavorite
//   DELETE /mypage/favorites/{company_id}                           → answerRemoveFavorite
// SPEC.md says the client does not read the answer; it gets small JSON anyway, and 404 JSON for
// an unknown company (issue 5).
import { json, jsonError, parseId } from '../../lib/http';
import { addFavorite } from './add-favorite.server';
import { FavoriteError } from './favorite-error';
import { removeFavorite } from './remove-favorite.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

function unauthorized(): Response {
  return jsonError(401, 'unauthorized', 'ログインが必要です。ログインしてからもう一度お試しください。');
}

function companyNotFound(): Response {
  return jsonError(404, 'company_not_found', '企業が見つかりませんでした。');
}

/** `companyId` is the raw form field or URL segment; anything but a positive integer is a 404. */
export async function answerAddFavorite(options: { userId: number | null; companyId: string | null }): Promise<Response> {
  if (options.userId === null) return unauthorized();
  const companyId = parseId(options.companyId);
  if (companyId === null) return companyNotFound();
  try {
    const result = await addFavorite({ userId: options.userId, companyId });
    return json(
      { favorited: true, company_id: companyId, added: result.added, new_badge_kind_ids: result.newBadgeKindIds },
      { headers: NO_STORE },
    );
  } catch (error) {
    if (error instanceof FavoriteError && error.code === 'company_not_found') return companyNotFound();
    throw error;
  }
}

export async function answerRemoveFavorite(options: { userId: number | null; companyId: string | null }): Promise<Response> {
  if (options.userId === null) return unauthorized();
  const companyId = parseId(options.companyId);
  if (companyId === null) return companyNotFound();
  const result = await removeFavorite({ userId: options.userId, companyId });
  return json({ favorited: false, company_id: companyId, removed: result.removed }, { headers: NO_STORE });
}
