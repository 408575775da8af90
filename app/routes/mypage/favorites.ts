import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { addFavorite } from '../../features/favorites/add-favorite.server';
import { addFavoriteSchema } from '../../features/favorites/schemas';
import { AppError } from '../../lib/app-error';
import { readForm } from '../../lib/form-data.server';
import { allowMethods, callOnlyLoader, json } from '../../lib/http';
import type { Route } from './+types/favorites';

// POST /mypage/favorites (company_id, authenticity_token): docs/product/calls.md#favorite-calls. The server's one
// CSRF check has run; the answer is small JSON, never read by the heart (docs/product/pages.md#favorite-button).
export async function action({ request }: Route.ActionArgs) {
  allowMethods(request, 'POST');
  const student = await requireStudentForCall(request);
  const form = await readForm(request, addFavoriteSchema);
  // A heart never sends anything but a company's id: the call's error, not a form's messages.
  if (!form.ok) throw new AppError('company_not_found');
  const companyId = form.data.company_id;
  const result = await addFavorite({ userId: student.id, companyId });
  return json(
    { favorited: true, company_id: companyId, added: result.added, new_badge_kind_ids: result.newBadgeKindIds },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export const loader = callOnlyLoader('POST');
