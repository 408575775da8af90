// Sessions at the HTTP boundary: reading the cookie, writing it, and the guards that routes
// call (requireStudent, requireModerator, requireCsrf). See docs/decisions/009-accounts.md.
import { redirect } from 'react-router';
import { SESSION_COOKIE } from '../../lib/cookies';
import { isProduction } from '../../lib/config.server';
import { AccountError } from './errors';
import { createSession, findSession, type Session, type SessionUser } from './sessions.server';
import { tokensEqual } from './tokens.server';

/** Readable by scripts: clients that echo it as X-XSRF-TOKEN (axios, Angular) work. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_PARAM = 'authenticity_token';

export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function readSessionId(request: Request): string | null {
  return readCookie(request.headers.get('Cookie'), SESSION_COOKIE);
}

// The root loader, the route loader and the action of one request share one lookup.
const lookups = new WeakMap<Request, Promise<Session | null>>();

/** The request's live session, or null. */
export function getSession(request: Request): Promise<Session | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const id = readSessionId(request);
    lookup = id ? findSession({ id }) : Promise.resolve(null);
    lookups.set(request, lookup);
  }
  return lookup;
}

export type ViewerUser = { userId: number; role: SessionUser['role']; name: string | null };

/** The logged-in user of a request, or null for a visitor. */
export async function getViewer(request: Request): Promise<ViewerUser | null> {
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

/** Set-Cookie headers for a session: the HttpOnly id and the script-readable XSRF token. */
export function sessionCookieHeaders(session: { id: string; csrfToken: string; expiresAt: Date }): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', `${SESSION_COOKIE}=${session.id}; HttpOnly; ${cookieAttributes(session.expiresAt)}`);
  headers.append('Set-Cookie', `${XSRF_COOKIE}=${session.csrfToken}; ${cookieAttributes(session.expiresAt)}`);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

/** Set-Cookie headers that remove both cookies (logout). */
export function clearedCookieHeaders(): Headers {
  const headers = new Headers();
  headers.append('Set-Cookie', `${SESSION_COOKIE}=; HttpOnly; ${cookieAttributes(null)}`);
  headers.append('Set-Cookie', `${XSRF_COOKIE}=; ${cookieAttributes(null)}`);
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

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, '') + url.search;
  return redirect(`/login?redirect_to=${encodeURIComponent(back)}`, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** A logged-in student, or a redirect to /login that comes back here afterwards. */
export async function requireStudent(request: Request): Promise<SessionUser> {
  const user = (await getSession(request))?.user;
  if (!user) throw loginRedirect(request);
  if (user.role !== 'student') throw new Response(new AccountError('forbidden').japaneseMessage, { status: 403 });
  return user;
}

/** A logged-in moderator (管理者). */
export async function requireModerator(request: Request): Promise<SessionUser> {
  const user = (await getSession(request))?.user;
  if (!user) throw loginRedirect(request);
  if (user.role !== 'moderator') throw new Response(new AccountError('forbidden').japaneseMessage, { status: 403 });
  return user;
}

/** Whether a submitted token is the session's CSRF token (constant time). */
export function isValidCsrfToken(session: { csrfToken: string } | null, submitted: string | null | undefined): boolean {
  return Boolean(session && submitted && tokensEqual(session.csrfToken, submitted));
}

/**
 * The per-route form of the CSRF check, for code that runs outside the server's one check
 * (server/csrf.ts already refuses every unsafe request without a valid token).
 */
export async function requireCsrf(request: Request, formData: FormData): Promise<void> {
  const session = await getSession(request);
  const submitted =
    request.headers.get('X-CSRF-Token') ?? request.headers.get('X-XSRF-TOKEN') ?? formData.get(CSRF_PARAM);
  if (!isValidCsrfToken(session, typeof submitted === 'string' ? submitted : null)) {
    throw new AccountError('invalid_csrf_token');
  }
}
