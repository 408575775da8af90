/** The session cookie's name (accounts). A request without it is a visitor's. */
export const SESSION_COOKIE = 'shulog_session';

export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}
