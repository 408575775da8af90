import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { removeFavorite } from '../../features/favorites/remove-favorite.server';
import { AppError } from '../../lib/app-error';
import { allowMethods, callOnlyLoader, json, parseId } from '../../lib/http';
import type { Route } from './+types/favorite';

// DELETE /mypage/favorites/{company_id} (company_id, authenticity_token): docs/product/calls.md#favorite-calls.
// Idempotent: removing a company that is not a favorite answers the same.
export async function action({ request, params }: Route.ActionArgs) {
  allowMethods(request, 'DELETE');
  const student = await requireStudentForCall(request);
  const companyId = parseId(params.companyId);
  if (companyId === null) throw new AppError('company_not_found');
  const result = await removeFavorite({ userId: student.id, companyId });
  return json({ favorited: false, company_id: companyId, removed: result.removed }, { headers: { 'Cache-Control': 'no-store' } });
}

export const loader = callOnlyLoader('DELETE');
