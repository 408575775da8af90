import { useEffect } from 'react';
import { Form, useLocation } from 'react-router';
import { cx } from '../../../ui/cx';
import { Link } from '../../../ui/link';
import { CsrfField } from '../../accounts/components/csrf-field';
import { useViewer } from '../../accounts/viewer';
import { CompanySearchBox } from '../../search/components/company-search-box';
import { PERSONAL_PART, useLoadedPersonalParts } from '../../../lib/personal-parts';
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

/** A student's unread notices (お知らせ), from the personal call on every page, so that shared pages stay shared (issue 33). */
function useUnreadNotices(): { unread: number; count: string } {
  const unread = useLoadedPersonalParts()?.unreadNotices ?? 0;
  return { unread, count: unread > 99 ? '99+' : String(unread) };
}

/**
 * The unread count, visible, inside a name that says what it counts: 「お知らせ（未読3件）」 is read
 * out where 「3」 is seen (the visible text is part of the link's name).
 */
function UnreadCount({ before, className }: { before: string; className?: string }) {
  const { unread, count } = useUnreadNotices();
  if (unread === 0) return null;
  return (
    <>
      <span className="visually-hidden">{before}</span>
      <span className={className}>{count}</span>
      <span className="visually-hidden">件）</span>
    </>
  );
}

/** The bell of a student's notices with the unread count (a desktop's header; a phone's has no room). */
function NoticeBell() {
  const { unread } = useUnreadNotices();
  return (
    <Link to="/mypage/notifications" className={styles.bell}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6l-1.6 2.9A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6zm-2.5 15.5a2.5 2.5 0 0 0 5 0z"
          fill="currentColor"
        />
      </svg>
      {unread === 0 && <span className="visually-hidden">お知らせ</span>}
      <UnreadCount before="お知らせ（未読" className={styles.unread} />
    </Link>
  );
}

/**
 * マイページ, with the unread count on a phone (where /mypage opens with the unread notices): the
 * header has no room there for a bell beside マイページ and ログアウト.
 */
function MyPageLink() {
  return (
    <Link to="/mypage" className={cx(styles.navPrimary, styles.myPage)}>
      マイページ
      {/* Shown (and read out) on a phone only: a desktop has the bell. */}
      <span className={styles.myPageCount}>
        <UnreadCount before="（未読のお知らせ" className={styles.myPageUnread} />
      </span>
    </Link>
  );
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
              {viewer.role === 'student' && <NoticeBell />}
              {/* A moderator's own page is the admin area's queue of posts to review. */}
              {viewer.role === 'student' ? (
                <MyPageLink />
              ) : (
                <Link to="/admin" className={styles.navPrimary}>
                  管理画面
                </Link>
              )}
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
