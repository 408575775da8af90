import { requireStudentForCall } from '../../features/accounts/session-request.server';
import { setUsefulVote } from '../../features/post-reactions/set-useful-vote.server';
import { AppError } from '../../lib/app-error';
import { allowMethods, callOnlyLoader, json, parseId } from '../../lib/http';
import type { Route } from './+types/post-useful-vote';

// PUT /api/v1/student/posts/{post_id}/useful_vote votes a published post 参考になった; DELETE takes
// the vote back. Both idempotent, once per student and post; the answer carries the public count.
export async function action({ request, params }: Route.ActionArgs) {
  allowMethods(request, 'PUT', 'DELETE');
  const student = await requireStudentForCall(request);
  const postId = parseId(params.postId);
  if (postId === null) throw new AppError('post_not_found');
  const result = await setUsefulVote({ userId: student.id, postId, voted: request.method === 'PUT' });
  return json(
    {
      voted: result.voted,
      post_id: postId,
      useful_count: result.usefulCount,
      changed: result.changed,
      new_badge_kind_ids: result.newBadgeKindIds,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export const loader = callOnlyLoader('PUT', 'DELETE');
