import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnackBar } from '../../../ui/snack-bar';
import { pageCsrfToken } from '../../../lib/csrf';
import { PERSONAL_PART } from '../../../lib/personal-parts';
import { useViewer } from '../../accounts/viewer';
import { recordReaction, usePostReactions } from '../reactions-store';
import styles from './reaction-buttons.module.css';

const FAILED = '更新できませんでした。時間をおいて再度お試しください。';

/**
 * クリップ and 参考になった for one published post: on its page and on each item of a post list.
 * Like the favorite heart, a button changes its look only after the server has answered; a
 * visitor is asked to sign up (and comes back here).
 */
export function ReactionButtons({
  postId,
  postTitle,
  usefulCount: renderedCount,
  size = 'medium',
  fromServer,
}: {
  postId: number;
  /** The state the page's loader knows (pages rendered for the session); shared pages leave it out. */
  fromServer?: { clipped: boolean; voted: boolean };
  postTitle: string;
  /** The public count the page was rendered with. */
  usefulCount: number;
  size?: 'small' | 'medium';
}) {
  const state = usePostReactions(postId, renderedCount, fromServer);
  const viewer = useViewer();
  const [busy, setBusy] = useState<null | 'clip' | 'vote'>(null);
  const snackBar = useSnackBar();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  function askToSignUp(what: string) {
    snackBar.show(`${what}には会員登録（無料）が必要です。`, {
      action: { label: '会員登録', onClick: () => navigate(`/signup?redirect_to=${encodeURIComponent(here)}`) },
    });
  }

  async function toggle(which: 'clip' | 'vote') {
    // While a call is out the buttons stay focusable (aria-disabled) but do nothing.
    if (busy !== null) return;
    // A visitor's page has no token.
    if (!pageCsrfToken() || !viewer) {
      askToSignUp(which === 'clip' ? 'クリップする' : '「参考になった」を付ける');
      return;
    }
    setBusy(which);
    // Loaded on the first tap: not needed to show the page.
    const client = await import('../reaction-client');
    const result = which === 'clip' ? await client.sendClip(postId, !state.clipped) : await client.sendUsefulVote(postId, !state.voted);
    setBusy(null);
    if (result.ok) {
      if (which === 'clip' && 'clipped' in result.data) recordReaction(viewer.userId, postId, { clipped: result.data.clipped });
      if (which === 'vote' && 'voted' in result.data) {
        recordReaction(viewer.userId, postId, {
          voted: result.data.voted,
          usefulCount: result.data.useful_count,
          renderedCount,
        });
      }
      if (result.data.new_badge_kind_ids.length > 0) {
        // The same module instance as the popup's, so the queue is shared.
        void import('../../badges/badge-popup-queue').then((queue) => queue.requestBadgePopup());
      }
    } else if (result.status === 401) {
      askToSignUp(which === 'clip' ? 'クリップする' : '「参考になった」を付ける');
    } else {
      snackBar.show(result.status >= 400 && result.status < 500 && result.message ? result.message : FAILED);
    }
  }

  return (
    <div className={`${styles.buttons} ${styles[size]}`}>
      <button
        type="button"
        className={`${styles.button} ${state.clipped ? styles.on : ''}`}
        aria-pressed={state.clipped}
        aria-disabled={busy !== null || undefined}
        onClick={() => toggle('clip')}
        data-reaction="clip"
        {...PERSONAL_PART}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M7 3.5h10a1 1 0 0 1 1 1V21l-6-4-6 4V4.5a1 1 0 0 1 1-1z"
            fill={state.clipped ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.9"
            strokeLinejoin="round"
          />
        </svg>
        <span>{state.clipped ? 'クリップ済み' : 'クリップ'}</span>
        {/* The name starts with what is seen (voice control) and says which post, for lists. */}
        <span className="visually-hidden">：{postTitle}</span>
      </button>
      <button
        type="button"
        className={`${styles.button} ${state.voted ? styles.on : ''}`}
        aria-pressed={state.voted}
        aria-disabled={busy !== null || undefined}
        onClick={() => toggle('vote')}
        data-reaction="vote"
        {...PERSONAL_PART}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M7 10v10H4V10h3zm2 10h8.2a2 2 0 0 0 2-1.6l1.3-6.4A2 2 0 0 0 18.5 9.6H14l.7-3.6A1.8 1.8 0 0 0 12.9 4L9 10v10z"
            fill={state.voted ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span>参考になった</span>
        <span className={styles.count} data-useful-count>
          {state.usefulCount.toLocaleString('ja-JP')}
        </span>
        <span className="visually-hidden">件：{postTitle}</span>
      </button>
    </div>
  );
}
