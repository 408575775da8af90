/** The session cookie's name (accounts). A request without it is a visitor's. */
export const SESSION_COOKIE = 'shulog_session';
/** A one-minute note from the server to the next page's script (「ログアウトしました」). */
export const NOTICE_COOKIE = 'shulog_notice';
export const NOTICES = {
  logged_out: 'ログアウトしました',
  account_deleted: '退会しました。ご利用ありがとうございました',
} as const;

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}
