import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnackBar } from '../../../ui/snack-bar';
import { pageCsrfToken } from '../../../lib/csrf';
import { PERSONAL_PART } from '../../../lib/personal-parts';
import { withRedirectTo } from '../../../lib/return-path';
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
      action: { label: '会員登録', onClick: () => navigate(withRedirectTo('/signup', here)) },
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
    const failure = `reaction-failed:${postId}:${which}`;
    if (result.ok) {
      // The retry worked: the error said before is not true any more (issue 27).
      snackBar.hide(failure);
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
      snackBar.show(result.status >= 400 && result.status < 500 && result.message ? result.message : FAILED, { key: failure });
    }
  }

  return (
    <div className={`${styles.buttons} ${styles[size]}`}>
      <ReactionButton which="clip" pressed={state.clipped} busy={busy !== null} onToggle={toggle} icon={CLIP_ICON}>
        <span>{state.clipped ? 'クリップ済み' : 'クリップ'}</span>
        {/* The name starts with what is seen (voice control) and says which post, for lists. */}
        <span className="visually-hidden">：{postTitle}</span>
      </ReactionButton>
      <ReactionButton which="vote" pressed={state.voted} busy={busy !== null} onToggle={toggle} icon={VOTE_ICON}>
        <span>参考になった</span>
        <span className={styles.count} data-useful-count>
          {state.usefulCount.toLocaleString('ja-JP')}
        </span>
        <span className="visually-hidden">件：{postTitle}</span>
      </ReactionButton>
    </div>
  );
}

const CLIP_ICON = { d: 'M7 3.5h10a1 1 0 0 1 1 1V21l-6-4-6 4V4.5a1 1 0 0 1 1-1z', strokeWidth: '1.9' };
const VOTE_ICON = {
  d: 'M7 10v10H4V10h3zm2 10h8.2a2 2 0 0 0 2-1.6l1.3-6.4A2 2 0 0 0 18.5 9.6H14l.7-3.6A1.8 1.8 0 0 0 12.9 4L9 10v10z',
  strokeWidth: '1.8',
};

/** One toggle: filled icon when on, outlined when off; disabled for clicks while a call runs. */
function ReactionButton({
  which,
  pressed,
  busy,
  onToggle,
  icon,
  children,
}: {
  which: 'clip' | 'vote';
  pressed: boolean;
  busy: boolean;
  onToggle: (which: 'clip' | 'vote') => void;
  icon: { d: string; strokeWidth: string };
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${styles.button} ${pressed ? styles.on : ''}`}
      aria-pressed={pressed}
      aria-disabled={busy || undefined}
      onClick={() => onToggle(which)}
      data-reaction={which}
      {...PERSONAL_PART}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path
          d={icon.d}
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth={icon.strokeWidth}
          strokeLinejoin="round"
        />
      </svg>
      {children}
    </button>
  );
}
