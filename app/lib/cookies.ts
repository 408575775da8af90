import { parse as parseCookie, parseSetCookie } from 'cookie';
import { XSRF_COOKIE } from './csrf';

/** The session cookie's name (accounts). A request without it is a visitor's. */
export const SESSION_COOKIE = 'shulog_session';
/** A one-minute note from the server to the next page's script (「ログアウトしました」). */
export const NOTICE_COOKIE = 'shulog_notice';

export type Notice = {
  text: string;
  /** A link in the notice, given the page it shows on as redirect_to (the way back). */
  action?: { label: string; path: `/${string}` };
  /** Asks for something: it stays until closed instead of hiding after a few seconds. */
  stays?: boolean;
};

export const NOTICES = {
  logged_out: { text: 'ログアウトしました' },
  account_deleted: { text: '退会しました。ご利用ありがとうございました' },
  // A session that kept getting the current password wrong on /mypage/account (docs/decisions/019).
  password_guesses: {
    text: '現在のパスワードの誤りが続いたため、安全のためログアウトしました',
    action: { label: 'パスワードを再設定する', path: '/password_reset' },
    stays: true,
  },
  // After signing up from an article, on that article (docs/decisions/048): the profile is asked
  // for here instead of on a detour through /mypage.
  signup_completed: {
    text: '会員登録が完了しました。プロフィール（お名前・大学・卒業年度）を入力してください。',
    action: { label: 'プロフィールを入力する', path: '/mypage' },
    stays: true,
  },
} as const satisfies Record<string, Notice>;

export type NoticeKey = keyof typeof NOTICES;

// The one reader of cookies (docs/decisions/057-reading-requests.md): a request's Cookie header on
// the server (the fast lanes and Express alike) and document.cookie in the browser are read with
// the `cookie` package's parser, here and nowhere else (app/lib/request-reading.test.ts).

/**
 * The value of cookie `name` in a Cookie header (or document.cookie), percent-decoded where it
 * can be; null when there is none. The first of two cookies of one name counts.
 */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  // Most headers of the fast lane's visitors carry other cookies only: nothing to parse then.
  if (!cookieHeader?.includes(name)) return null;
  return parseCookie(cookieHeader)[name] ?? null;
}

/** The session id a request carries, or null (an empty cookie is "" and still a session cookie). */
export function sessionIdOf(cookieHeader: string | null | undefined): string | null {
  return readCookie(cookieHeader, SESSION_COOKIE);
}

/** Whether a request carries the session cookie at all: its responses are then private. */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return sessionIdOf(cookieHeader) !== null;
}

/** Whether a response's Set-Cookie header (one value or several) sets or clears the session cookie. */
export function setsSessionCookie(setCookie: string | readonly string[] | number | undefined): boolean {
  if (setCookie === undefined || typeof setCookie === 'number') return false;
  return (typeof setCookie === 'string' ? [setCookie] : setCookie).some((value) => parseSetCookie(value).name === SESSION_COOKIE);
}

/** A cookie of this tab, read by a script (the XSRF token, a notice); null on the server. */
export function browserCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : readCookie(document.cookie, name);
}

/**
 * The test of the shared pages' head script (app/lib/personal-parts.ts), as JavaScript source:
 * whether the tab has a session, told by the script-readable XSRF cookie that is set with the
 * session cookie. It runs before any module has loaded, so it cannot call browserCookie; it reads
 * the same cookie the same way (a value that is not empty), which cookies.test.ts checks.
 */
export const SESSION_HINT_SOURCE = `/(?:^|;\\s*)${XSRF_COOKIE}=[^;]/.test(document.cookie)`;
