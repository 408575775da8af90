import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { addTrackerEntry } from '../../features/tracker/writes.server';
import { AppError } from '../../lib/app-error';
import { allowMethods, callOnlyLoader, json, parseId } from '../../lib/http';
import type { Route } from './+types/tracker-entry';

// PUT /api/v1/student/tracker/companies/{company_id}/{intern|recruit} puts the company on the
// student's selection tracker (issue 17), from its company page. Idempotent: a double tap or a
// retry finds the entry; the answer is its state. The server's one CSRF check has run.
export async function action({ request, params }: Route.ActionArgs) {
  allowMethods(request, 'PUT');
  const student = await requireStudentForCall(request);
  const companyId = parseId(params.companyId);
  if (companyId === null) throw new AppError('company_not_found');
  const category = params.category;
  if (category !== 'intern' && category !== 'recruit') throw new AppError('invalid_request');
  const result = await addTrackerEntry({ userId: student.id, companyId, category });
  return json(
    { entry_id: result.entryId, company_id: companyId, category, changed: result.changed, new_badge_kind_ids: result.newBadgeKindIds },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export const loader = callOnlyLoader('PUT');
