import { buttonClassName } from '../../../ui/button';
import { KeepWords } from '../../../ui/keep-words';
import { Link, type SitePath } from '../../../ui/link';
import { POST_TYPES } from '../../posts/post-types';
import type { DecisionConfirmation } from '../decision-confirmation.server';
import { decisionMessage } from '../decision-message';
import styles from './decision-confirmation.module.css';

/**
 * The queue's confirmation after a decision: what was done, and the next post waiting under the
 * moderator's filters. A status message that takes the focus when the page opens in the browser
 * (app/root.tsx focuses `data-page-focus`), so a screen reader reads it before the list.
 */
export function DecisionConfirmationNotice(props: {
  confirmation: Omit<DecisionConfirmation, 'decidedAt'>;
  /** The review of a post, with the queue's filters. */
  reviewHref: (postId: number) => SitePath;
  /** Set when the queue is filtered: the whole queue. */
  wholeQueueHref: SitePath | null;
}) {
  const { confirmation } = props;
  const { done, followUp } = decisionMessage(confirmation);
  const { next } = confirmation;
  return (
    <div className={confirmation.decision === 'approve' ? styles.approved : styles.rejected} role="status" tabIndex={-1} data-page-focus="">
      <p className={styles.done}>
        <KeepWords>{done}</KeepWords>
      </p>
      <p className={styles.followUp}>{followUp}</p>
      {next ? (
        <div className={styles.next}>
          <Link to={props.reviewHref(next.postId)} className={buttonClassName({ variant: 'primary' })}>
            次の投稿へ
          </Link>
          <p className={styles.nextTitle}>
            <KeepWords>{`次は「${next.title || '（タイトルなし）'}」（${POST_TYPES[next.type].label}）`}</KeepWords>
          </p>
        </div>
      ) : (
        <p className={styles.none}>
          {props.wholeQueueHref ? 'この条件で審査待ちの投稿はもうありません。' : '審査待ちの投稿はもうありません。'}
          {props.wholeQueueHref && confirmation.waitingOverall > 0 && (
            <Link to={props.wholeQueueHref} className={styles.wholeQueue}>
              すべての審査待ち（{confirmation.waitingOverall}件）を見る
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
