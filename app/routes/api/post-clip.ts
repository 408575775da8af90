import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { setClip } from '../../features/post-reactions/set-clip.server';
import { AppError } from '../../lib/app-error';
import { allowMethods, callOnlyLoader, json, parseId } from '../../lib/http';
import type { Route } from './+types/post-clip';

// PUT /api/v1/student/posts/{post_id}/clip clips a published post; DELETE takes the clip off.
// Both idempotent: the answer says the state after the call. The server's one CSRF check has run.
export async function action({ request, params }: Route.ActionArgs) {
  allowMethods(request, 'PUT', 'DELETE');
  const student = await requireStudentForCall(request);
  const postId = parseId(params.postId);
  if (postId === null) throw new AppError('post_not_found');
  const result = await setClip({ userId: student.id, postId, clipped: request.method === 'PUT' });
  return json(
    { clipped: result.clipped, post_id: postId, changed: result.changed, new_badge_kind_ids: result.newBadgeKindIds },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export const loader = callOnlyLoader('PUT', 'DELETE');
