import { setClip } from '../../features/post-reactions/set-clip.server';
import { callOnlyLoader, json } from '../../lib/http';
import type { Route } from './+types/post-clip';
import { REACTION_ANSWER_HEADERS, readReactionCall } from './reaction-call.server';

// PUT /api/v1/student/posts/{post_id}/clip clips a published post; DELETE takes the clip off.
// Both idempotent: the answer says the state after the call.
export async function action({ request, params }: Route.ActionArgs) {
  const { userId, postId, on } = await readReactionCall(request, params.postId);
  const result = await setClip({ userId, postId, clipped: on });
  return json(
    { clipped: result.clipped, post_id: postId, changed: result.changed, new_badge_kind_ids: result.newBadgeKindIds },
    { headers: REACTION_ANSWER_HEADERS },
  );
}

export const loader = callOnlyLoader('PUT', 'DELETE');
