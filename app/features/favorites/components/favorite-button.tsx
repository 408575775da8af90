import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnackBar } from '../../../ui/snack-bar';
import { pageCsrfToken } from '../../../lib/csrf';
import { PERSONAL_PART } from '../../../lib/personal-parts';
import { withRedirectTo } from '../../../lib/return-path';
import { useViewer } from '../../accounts/viewer';
import { setFavorited, useFavorited } from '../favorites-store';
import styles from './favorite-button.module.css';

const FAILED = 'お気に入りを更新できませんでした。時間をおいて再度お試しください。';

/**
 * The heart of docs/product/pages.md#favorite-button: お気に入り登録 / お気に入り登録済み. The icon and text
 * change only after the server has answered; a visitor is taken to login and back.
 */
export function FavoriteButton({
  companyId,
  companyName,
  favorited: fromServer = false,
  size = 'medium',
}: {
  companyId: number;
  companyName: string;
  /** The state the page's loader knows (pages rendered for the session); shared pages leave it out. */
  favorited?: boolean;
  size?: 'small' | 'medium';
}) {
  const favorited = useFavorited(companyId, fromServer);
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  const snackBar = useSnackBar();
  const navigate = useNavigate();
  const location = useLocation();

  async function toggle() {
    if (busy) return;
    const login = withRedirectTo('/login', location.pathname + location.search);
    // A visitor's page has no token: the heart leads to login and back.
    if (!pageCsrfToken()) {
      navigate(login);
      return;
    }
    setBusy(true);
    // The client is loaded on the first tap: it is not needed to show the page.
    const { sendFavorite } = await import('../favorite-client');
    const result = await sendFavorite({ companyId, favorite: !favorited });
    setBusy(false);
    const failure = `favorite-failed:${companyId}`;
    if (result.ok) {
      // The retry worked: the error said before is not true any more (issue 27).
      snackBar.hide(failure);
      if (viewer) setFavorited(viewer.userId, companyId, !favorited);
      // Loaded on first use: the same module instance as the popup's, so the queue is shared.
      if (!favorited) void import('../../badges/badge-popup-queue').then((queue) => queue.requestBadgePopup());
    } else if (result.status === 401) {
      navigate(login);
    } else {
      snackBar.show(FAILED, { key: failure });
    }
  }

  return (
    <button
      type="button"
      className={`${styles.button} ${styles[size]} ${favorited ? styles.on : ''}`}
      aria-pressed={favorited}
      // Not disabled: a disabled button drops keyboard focus to the page (issue 18).
      aria-disabled={busy || undefined}
      onClick={toggle}
      data-company-id={companyId}
      {...PERSONAL_PART}
    >
      {favorited ? (
        <svg className="icon-heart" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 2.9 4.5 6.6 4.5c2.2 0 3.8 1.2 5.4 3.1 1.6-1.9 3.2-3.1 5.4-3.1 3.7 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
            fill="currentColor"
          />
        </svg>
      ) : (
        <svg className="icon-heart-plus-o" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 20s-7-4.3-9-8.6C1.6 8.2 3.5 5 6.7 5c2.1 0 3.6 1.1 5.3 3 1.7-1.9 3.2-3 5.3-3 3.2 0 5.1 3.2 3.7 6.4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.9"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <path d="M18.5 14v6M15.5 17h6" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />
        </svg>
      )}
      <span>{favorited ? 'お気に入り登録済み' : 'お気に入り登録'}</span>
      {/* The name starts with what is seen (voice control, axe's label-content-name-mismatch) and
          says which company, for lists; aria-pressed tells the state. */}
      <span className="visually-hidden">：{companyName}</span>
    </button>
  );
}
