import { useEffect } from 'react';
import { Form, useLocation } from 'react-router';
import { cx } from '../../../ui/cx';
import { Link } from '../../../ui/link';
import { CsrfField } from '../../accounts/components/csrf-field';
import { useViewer } from '../../accounts/viewer';
import { CompanySearchBox } from '../../search/components/company-search-box';
import { PERSONAL_PART } from '../../../lib/personal-parts';
import { withRedirectTo } from '../../../lib/return-path';
import { browserCookie, NOTICE_COOKIE, NOTICES, type Notice, type NoticeKey } from '../../../lib/cookies';
import { useSnackBar } from '../../../ui/snack-bar';
import styles from './site-header.module.css';

/** Logging out leaves no unsent draft on a shared computer (loaded with the click, not the page). */
function forgetLocalDrafts() {
  void import('../../../lib/draft-storage').then((storage) => storage.clearLocalDrafts());
}

/**
 * The server's one-minute note for the next page (「ログアウトしました」 after a logout), shown once
 * in the snack bar: the page itself is the cached one everybody gets. A notice with an action
 * (「プロフィールを入力する」 after signing up) links onward with this page as the way back.
 */
function useServerNotice() {
  const location = useLocation();
  const snackBar = useSnackBar();
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again after every navigation.
  useEffect(() => {
    const value = browserCookie(NOTICE_COOKIE);
    if (!value) return;
    // biome-ignore lint/suspicious/noDocumentCookie: Safari has no Cookie Store API; this only removes the note.
    document.cookie = `${NOTICE_COOKIE}=; Max-Age=0; Path=/`;
    const notice: Notice | undefined = Object.hasOwn(NOTICES, value) ? NOTICES[value as NoticeKey] : undefined;
    if (!notice) return;
    const here = `${location.pathname}${location.search}`;
    snackBar.show(notice.text, {
      action: notice.action && { label: notice.action.label, href: withRedirectTo(notice.action.path, here) },
      ...(notice.stays ? { autoHideMs: null } : {}),
    });
  }, [location.key, snackBar]);
}

export function SiteHeader() {
  const viewer = useViewer();
  useServerNotice();
  // The top page has its own search box in its hero: on a phone the header leaves it alone
  // (two boxes, one above the other, read as two different searches).
  const home = useLocation().pathname === '/';
  return (
    <header className={styles.header}>
      <div className={cx(styles.inner, home && styles.home)}>
        <Link to="/" className={styles.logo} aria-label="シューログ トップページ">
          <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path
              d="M9 21.5c2 1.6 4.2 2.4 6.8 2.4 3.4 0 5.7-1.7 5.7-4.3 0-2.4-1.7-3.5-5-4.3-2.4-.6-3.2-1.1-3.2-2.1 0-1 1-1.7 2.6-1.7 1.7 0 3.2.6 4.6 1.7l1.8-2.6C20.6 9.2 18.6 8.5 16 8.5c-3.4 0-5.7 1.8-5.7 4.4 0 2.6 1.8 3.6 5.2 4.4 2.3.5 3 1.1 3 2.1 0 1.1-1.1 1.8-2.8 1.8-2 0-3.8-.8-5.2-2z"
              fill="#fff"
            />
          </svg>
          <span className={styles.name}>シューログ</span>
        </Link>
        <CompanySearchBox className={styles.search} />
        <nav className={styles.nav} aria-label="アカウント" {...PERSONAL_PART}>
          {viewer ? (
            <>
              {viewer.role === 'student' && (
                <Link to="/mypage/selections" className={styles.navWide}>
                  選考管理
                </Link>
              )}
              {/* A moderator's own page is the admin area's queue of posts to review. */}
              <Link to={viewer.role === 'student' ? '/mypage' : '/admin'} className={styles.navPrimary}>
                {viewer.role === 'student' ? 'マイページ' : '管理画面'}
              </Link>
              <Form method="post" action="/logout" className={styles.logoutForm} onSubmit={forgetLocalDrafts}>
                <CsrfField />
                <button type="submit" className={styles.navLink}>
                  ログアウト
                </button>
              </Form>
            </>
          ) : (
            <>
              <Link to="/login" className={styles.navLink}>
                ログイン
              </Link>
              <Link to="/signup" className={styles.navPrimary}>
                会員登録
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
