import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { deleteDraft, getDraft } from '../../features/posting/drafts.server';
import { saveDraftCall } from '../../features/posting/save-draft-call.server';
import { AppError } from '../../lib/app-error';
import { readJsonObject } from '../../lib/form-data.server';
import { allowMethods, json, parseId } from '../../lib/http';
import type { Route } from './+types/draft';

// /api/v1/student/drafts/{post_id}: the student's own draft (404 for anyone else's).
// GET: as the server has it now; PUT: save (409 stale_revision when another tab saved first);
// DELETE: discard it.
const NO_STORE = { 'Cache-Control': 'no-store' };

function postIdOf(params: Route.LoaderArgs['params']): number {
  const postId = parseId(params.postId);
  if (postId === null) throw new AppError('not_found');
  return postId;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const student = await requireStudentForCall(request);
  const draft = await getDraft({ userId: student.id, postId: postIdOf(params) });
  return json(draft, { headers: NO_STORE });
}

export async function action({ request, params }: Route.ActionArgs) {
  allowMethods(request, 'PUT', 'DELETE');
  const student = await requireStudentForCall(request);
  const postId = postIdOf(params);
  if (request.method === 'DELETE') {
    await deleteDraft({ userId: student.id, postId });
    return json({ deleted: true, postId }, { headers: NO_STORE });
  }
  const saved = await saveDraftCall({ userId: student.id, postId, body: await readJsonObject(request) });
  return json(saved, { headers: NO_STORE });
}
