import { setUsefulVote } from '../../features/post-reactions/set-useful-vote.server';
import { callOnlyLoader, json } from '../../lib/http';
import type { Route } from './+types/post-useful-vote';
import { REACTION_ANSWER_HEADERS, readReactionCall } from './reaction-call.server';

// PUT /api/v1/student/posts/{post_id}/useful_vote votes a published post 参考になった; DELETE takes
// the vote back. Both idempotent, once per student and post; the answer carries the public count.
export async function action({ request, params }: Route.ActionArgs) {
  const { userId, postId, on } = await readReactionCall(request, params.postId);
  const result = await setUsefulVote({ userId, postId, voted: on });
  return json(
    {
      voted: result.voted,
      post_id: postId,
      useful_count: result.usefulCount,
      changed: result.changed,
      new_badge_kind_ids: result.newBadgeKindIds,
    },
    { headers: REACTION_ANSWER_HEADERS },
  );
}

export const loader = callOnlyLoader('PUT', 'DELETE');
