import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { createDraftRequest } from '../../features/posting/draft-requests';
import { createDraft } from '../../features/posting/drafts.server';
import { AppError } from '../../lib/app-error';
import { errorsByPath } from '../../lib/form';
import { readJsonObject } from '../../lib/form-data.server';
import { allowMethods, callOnlyLoader, json } from '../../lib/http';
import type { Route } from './+types/drafts';

// POST /api/v1/student/drafts: the posting form's first save (docs/decisions/025-posting.md).
// Idempotent by the form's draft key: a retry answers 200 with the post the first try made.
export async function action({ request }: Route.ActionArgs) {
  allowMethods(request, 'POST');
  const student = await requireStudentForCall(request);
  const parsed = createDraftRequest.safeParse(await readJsonObject(request));
  if (!parsed.success) throw new AppError('validation_failed', { fields: errorsByPath(parsed.error) });
  const { type, draftKey, saveId, companyId, recruitServiceId, content } = parsed.data;
  const saved = await createDraft({ userId: student.id, type, draftKey, saveId, subject: { companyId, recruitServiceId }, content });
  return json(saved, { status: saved.created ? 201 : 200, headers: { 'Cache-Control': 'no-store' } });
}

export const loader = callOnlyLoader('POST');
