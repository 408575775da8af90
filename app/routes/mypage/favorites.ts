import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { addFavorite } from '../../features/favorites/add-favorite.server';
import { AppError } from '../../lib/app-error';
import { readFormData } from '../../lib/form-data.server';
import { allowMethods, callOnlyLoader, json, parseId } from '../../lib/http';
import type { Route } from './+types/favorites';

// POST /mypage/favorites (company_id, authenticity_token): SPEC.md section 7. The server's one
// CSRF check has run; the answer is small JSON, never read by SPEC.md's client.
export async function action({ request }: Route.ActionArgs) {
  allowMethods(request, 'POST');
  const student = await requireStudentForCall(request);
  const form = await readFormData(request);
  const companyId = parseId(form.get('company_id')?.toString());
  if (companyId === null) throw new AppError('company_not_found');
  const result = await addFavorite({ userId: student.id, companyId });
  return json(
    { favorited: true, company_id: companyId, added: result.added, new_badge_kind_ids: result.newBadgeKindIds },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export const loader = callOnlyLoader('POST');
