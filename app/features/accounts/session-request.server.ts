// Sessions at the HTTP boundary: reading the cookie, writing it, and the guards that routes
// call (requireStudent, requireModerator, requireCsrf). See docs/decisions/009-accounts.md.
import { redirect } from 'react-router';
import { NOTICE_COOKIE, type NoticeKey, SESSION_COOKIE, sessionIdOf } from '../../lib/cookies';
import { XSRF_COOKIE } from '../../lib/csrf';
import { isProduction } from '../../lib/config.server';
import { AppError } from '../../lib/app-error';
import { withRedirectTo } from '../../lib/return-path';
import type { Viewer } from '../../lib/viewer';
import { createSession, findSession, type Session, type SessionUser, requestSessions } from './sessions.server';
import { tokensEqual } from './tokens.server';

export function readSessionId(request: Request): string | null {
  return sessionIdOf(request.headers.get('Cookie'));
}

// The root loader, the route loaders and the action of one request share one lookup: by the
// request's scope where the server opened one (requestSessions), and by the Request object too.
const lookups = new WeakMap<Request, Promise<Session | null>>();

/** The request's live session, or null. */
export function getSession(request: Request): Promise<Session | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const id = readSessionId(request);
    const scope = requestSessions.getStore();
    lookup = !id ? Promise.resolve(null) : (scope?.get(id) ?? findSession({ id }));
    if (id) scope?.set(id, lookup);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** Who is looking: the logged-in user of a request, or null for a visitor. */
export async function getViewer(request: Request): Promise<Viewer> {
  const user = (await getSession(request))?.user;
  return user ? { userId: user.id, role: user.role, name: user.name } : null;
}

function cookieAttributes(expiresAt: Date | null): string {
  const parts = ['Path=/', 'SameSite=Lax'];
  if (isProduction()) parts.push('Secure');
  if (expiresAt) parts.push(`Expires=${expiresAt.toUTCString()}`);
  else parts.push('Max-Age=0');
  return parts.join('; ');
}

/**
 * A one-minute, script-readable note for the next page (NOTICE_COOKIE, shown by the site header):
 * the page itself may be the cached one everybody gets.
 */
function appendNotice(headers: Headers, notice: NoticeKey | undefined): void {
  if (notice) headers.append('Set-Cookie', `${NOTICE_COOKIE}=${notice}; ${cookieAttributes(new Date(Date.now() + 60_000))}`);
}

/** Set-Cookie headers for a session: the HttpOnly id and the script-readable XSRF token. */
export function sessionCookieHeaders(
  session: { id: string; csrfToken: string; expiresAt: Date },
  options: { notice?: NoticeKey } = {},
): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', `${SESSION_COOKIE}=${session.id}; HttpOnly; ${cookieAttributes(session.expiresAt)}`);
  headers.append('Set-Cookie', `${XSRF_COOKIE}=${session.csrfToken}; ${cookieAttributes(session.expiresAt)}`);
  appendNotice(headers, options.notice);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

/** Set-Cookie headers that remove both cookies (logout). */
export function clearedCookieHeaders(options: { notice?: NoticeKey } = {}): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', `${SESSION_COOKIE}=; HttpOnly; ${cookieAttributes(null)}`);
  headers.append('Set-Cookie', `${XSRF_COOKIE}=; ${cookieAttributes(null)}`);
  appendNotice(headers, options.notice);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

/**
 * The session of a page with a form (login, sign-up, password reset): the existing one, or a
 * new visitor session whose cookie the page must set. Only these pages start a visitor session,
 * so ordinary pages stay cacheable for visitors (server/visitor-pages.ts).
 */
export async function ensureSession(request: Request): Promise<{ session: Session | Omit<Session, 'user'>; headers: Headers }> {
  const existing = await getSession(request);
  if (existing) return { session: existing, headers: new Headers({ 'Cache-Control': 'private, no-store' }) };
  const created = await createSession({ userId: null });
  return { session: created, headers: sessionCookieHeaders(created) };
}

/** To login and back here afterwards; a page whose URL is too long to carry comes back to the default. */
function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, '') + url.search;
  return redirect(withRedirectTo('/login', back), { headers: { 'Cache-Control': 'private, no-store' } });
}

// The guards (docs/decisions/021-write-side-conventions.md). Pages send a visitor to login and
// back; calls answer a JSON 401 (the client then sends the student to login itself). Another
// role gets 403 either way. They throw; the server maps AppError once (server/route-errors.ts).

/** A logged-in student, or a redirect to /login that comes back here afterwards. */
export async function requireStudent(request: Request): Promise<SessionUser> {
  const user = (await getSession(request))?.user;
  if (!user) throw loginRedirect(request);
  if (user.role !== 'student') throw new AppError('forbidden');
  return user;
}

/** A logged-in student making a call (fetch): 401 or 403 as a JSON error otherwise. */
export async function requireStudentForCall(request: Request): Promise<SessionUser> {
  const user = (await getSession(request))?.user;
  if (!user) throw new AppError('unauthenticated');
  if (user.role !== 'student') throw new AppError('forbidden');
  return user;
}

/**
 * A logged-in moderator (管理者). Anyone else gets 404, the answer of an unknown URL, so the admin
 * area is not advertised (server/moderator-area.ts runs this before every admin route).
 */
export async function requireModerator(request: Request): Promise<SessionUser> {
  const user = (await getSession(request))?.user;
  if (user?.role !== 'moderator') throw new AppError('not_found', { detail: 'Not a moderator' });
  return user;
}

/** Whether a submitted token is the session's CSRF token (constant time). */
export function isValidCsrfToken(session: { csrfToken: string } | null, submitted: string | null | undefined): boolean {
  return Boolean(session && submitted && tokensEqual(session.csrfToken, submitted));
}
