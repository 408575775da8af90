// Browser side of the clip and 参考になった calls (docs/decisions/034-clips-and-votes.md), on the
// site's one client. Both are PUT (on) and DELETE (off) of one URL, idempotent by design, so a
// network failure is retried once.
import { callSite, type CallResult } from '../../lib/site-client';

export type ClipAnswer = { clipped: boolean; post_id: number; new_badge_kind_ids: number[] };
export type VoteAnswer = { voted: boolean; post_id: number; useful_count: number; new_badge_kind_ids: number[] };

export function sendClip(postId: number, clipped: boolean): Promise<CallResult<ClipAnswer>> {
  return callSite<ClipAnswer>(`/api/v1/student/posts/${postId}/clip`, { method: clipped ? 'PUT' : 'DELETE', retries: 1 });
}

export function sendUsefulVote(postId: number, voted: boolean): Promise<CallResult<VoteAnswer>> {
  return callSite<VoteAnswer>(`/api/v1/student/posts/${postId}/useful_vote`, { method: voted ? 'PUT' : 'DELETE', retries: 1 });
}
