// Server-side sessions (docs/decisions/009-accounts.md): the cookie holds a random id, the
// table holds its SHA-256, the user and the CSRF token. Rows live in the database, so every
// app process on one PostgreSQL sees the same sessions.
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, lt, or } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { sessions } from '../../db/schema';
import { type PersonalRow, personalRowOf, sessionRowWritten } from './personal-rows.server';
import { IDLE_TIMEOUT_MS, isSessionActive, needsTouch, sessionExpiry } from './session-policy';
import { hashToken, isTokenShaped, randomToken } from './tokens.server';
import type { UserRole } from '../../db/enums';

export type SessionUser = { id: number; role: UserRole; name: string | null; email: string };

export type Session = {
  /** The cookie value; never stored. */
  id: string;
  csrfToken: string;
  expiresAt: Date;
  user: SessionUser | null;
};

/** Starts a session, for a user or (userId null) for a visitor who needs a form token. */
export async function createSession(options: { userId: number | null; now?: Date }): Promise<Omit<Session, 'user'>> {
  const now = options.now ?? new Date();
  const id = randomToken();
  const csrfToken = randomToken();
  const expiresAt = sessionExpiry({ loggedIn: options.userId !== null, now });
  await db()
    .insert(sessions)
    .values({
      idHash: hashToken(id),
      userId: options.userId,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
  // Expired rows go away a few at a time as new sessions start: no cron needed.
  if (Math.random() < 0.05) await deleteExpiredSessions({ now });
  return { id, csrfToken, expiresAt };
}

/**
 * The session lookups of the request being handled, by cookie value: the server opens one scope
 * per request (server/app.ts), and the CSRF check puts the session it found there. React Router
 * hands the root loader, each route's loader and the action a Request object of its own, so a
 * memo by Request alone looked the same session up three times for one page.
 */
export const requestSessions = new AsyncLocalStorage<Map<string, Promise<Session | null>>>();

/** What a session lookup reads: the session row joined with its user (null columns for a visitor's). */
export type SessionRow = {
  csrfToken: string;
  lastSeenAt: Date;
  expiresAt: Date;
  userId: number | null;
  role: UserRole | null;
  name: string | null;
  email: string | null;
};

/** The hash under which a cookie value's session is stored, or null for a value no session id could be. */
export function sessionKeyOf(id: string): string | null {
  // A cookie that no session id could be (a stale format, junk) costs no database query.
  return isTokenShaped(id) ? hashToken(id) : null;
}

/**
 * The session rules applied to a row that a lookup read: an expired or idle session is deleted
 * and gives null; last_seen_at is written at most every few minutes. Lookups that read more than
 * the session in the same statement (the personal call) share this step with findSession.
 */
export async function liveSession(id: string, row: SessionRow | undefined, now: Date): Promise<Session | null> {
  if (!row) return null;
  const idHash = hashToken(id);
  if (!isSessionActive(row, now)) {
    await db().delete(sessions).where(eq(sessions.idHash, idHash));
    sessionRowWritten(idHash, 'deleted');
    return null;
  }
  if (needsTouch(row, now)) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    sessionRowWritten(idHash, { lastSeenAt: now });
  }
  const user =
    row.userId !== null && row.role !== null && row.email !== null
      ? { id: row.userId, role: row.role, name: row.name, email: row.email }
      : null;
  return { id, csrfToken: row.csrfToken, expiresAt: row.expiresAt, user };
}

/** A row of personal_parts() as the session rules read it. */
export function sessionRowOf(row: PersonalRow | undefined): SessionRow | undefined {
  return (
    row && {
      csrfToken: row.csrf_token,
      lastSeenAt: toDate(row.last_seen_at),
      expiresAt: toDate(row.expires_at),
      userId: row.user_id,
      role: row.role,
      name: row.name,
      email: row.email,
    }
  );
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The live session of a cookie value, or null (unknown, expired or idle too long): the row the
 * personal call reads too, kept in memory while it stays the same (personal-rows.server.ts).
 */
export async function findSession(options: { id: string; now?: Date }): Promise<Session | null> {
  const idHash = sessionKeyOf(options.id);
  if (idHash === null) return null;
  return liveSession(options.id, sessionRowOf(await personalRowOf(idHash)), options.now ?? new Date());
}

/**
 * Login: the old session (if any) is deleted and a new id is issued, so an id planted before
 * login is worth nothing afterwards (no session fixation).
 */
export async function rotateSession(options: { previousId: string | null; userId: number; now?: Date }) {
  if (options.previousId) await deleteSession({ id: options.previousId });
  return createSession({ userId: options.userId, now: options.now });
}

export async function deleteSession(options: { id: string }): Promise<void> {
  await db()
    .delete(sessions)
    .where(eq(sessions.idHash, hashToken(options.id)));
}

/** Ends every session of a user, e.g. after a password reset. */
export async function deleteUserSessions(options: { userId: number }): Promise<void> {
  await db().delete(sessions).where(eq(sessions.userId, options.userId));
}

export async function deleteExpiredSessions(options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  await db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))));
}
