// The words of the queue's confirmation after a decision (docs/decisions/046): what was decided
// on which post, and what followed from it, as the decision really happened (the facts come from
// decision-confirmation.server.ts).
import type { PostTypeKey, RejectionReason } from '../../db/enums';
import { REJECTION_REASON_LABELS } from '../posts/labels';
import { POST_TYPES } from '../posts/post-types';
import { formatPoints, POINTS_BY_POST_TYPE } from '../rewards/point-amounts';

export type DecisionFacts = {
  decision: 'approve' | 'reject';
  type: PostTypeKey;
  title: string;
  /** The company's (or service's) name. */
  subject: string | null;
  reason: RejectionReason | null;
  /** The points this approval credited (0: the post had been paid for at an earlier publication). */
  points: number;
  /** The author was sent an email (and sees the decision on /mypage); not when they have left. */
  authorTold: boolean;
};

/** 「タイトル」（種類・企業名）, as the author's email names the post. */
export function postLabel(post: { type: PostTypeKey; title: string; subject: string | null }): string {
  return `「${post.title || '（タイトルなし）'}」（${POST_TYPES[post.type].label}${post.subject ? `・${post.subject}` : ''}）`;
}

/** The decision (the first sentence) and what followed from it (the second). */
export function decisionMessage(facts: DecisionFacts): { done: string; followUp: string } {
  const post = postLabel(facts);
  if (facts.decision === 'reject') {
    const reason = facts.reason ? `（理由：${REJECTION_REASON_LABELS[facts.reason]}）` : '';
    return {
      done: `${post}を差し戻しました${reason}。`,
      followUp: facts.authorTold
        ? '投稿者にメールとマイページで理由を知らせました。投稿者は内容を直して再送信できます。'
        : '投稿者は退会しているため、通知はしていません。',
    };
  }
  let followUp: string;
  if (!facts.authorTold) followUp = '投稿者は退会しているため、通知と報酬ポイントの付与はしていません。';
  else if (facts.points > 0) followUp = `投稿者に${formatPoints(facts.points)}を付与し、メールとマイページで公開を知らせました。`;
  else if (POINTS_BY_POST_TYPE[facts.type] > 0)
    followUp = '投稿者にメールとマイページで公開を知らせました。この投稿の報酬ポイントは以前の公開で付与済みです。';
  else followUp = '投稿者にメールとマイページで公開を知らせました。';
  return { done: `${post}を承認して公開しました。`, followUp };
}
