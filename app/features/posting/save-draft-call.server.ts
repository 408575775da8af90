// PUT /api/v1/student/drafts/{post_id}: the body checked and saved, shared by the route module
// (app/routes/api/draft.ts) and the server's draft lane (server/draft-lane.ts), which answers
// the autosave of a typing student without going through Express and React Router.
import { AppError } from '../../lib/app-error';
import { errorsByPath } from '../../lib/form';
import { saveDraftRequest } from './draft-requests';
import { saveDraft, type SaveResult } from './drafts.server';
import { isWritableType } from './writable-types';

export async function saveDraftCall(options: { userId: number; postId: number; body: unknown }): Promise<SaveResult> {
  const parsed = saveDraftRequest.safeParse(options.body);
  if (!parsed.success) throw new AppError('validation_failed', { fields: errorsByPath(parsed.error) });
  const { type, lockVersion, saveId, companyId, recruitServiceId, content } = parsed.data;
  return saveDraft({
    userId: options.userId,
    postId: options.postId,
    lockVersion,
    saveId,
    subject: { companyId, recruitServiceId },
    content,
    type: type && isWritableType(type) ? type : undefined,
  });
}
