import { and, eq, ne, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { sessions, users } from '../../db/schema';
import { checkCurrentPassword, type CurrentPasswordRefusal } from './current-password.server';
import { hashPassword } from './password.server';
import { hashToken } from './tokens.server';

/**
 * A logged-in member changes their password (issue 18). The current password is required, and
 * counted like a login (current-password.server.ts), so a session left open on a shared computer
 * cannot take the account over; every other session ends (someone else may be logged in
 * elsewhere), and the one in hand stays.
 */
export async function changePassword(options: {
  userId: number;
  /** The session making the change (its cookie value): kept. */
  sessionId: string;
  currentPassword: string;
  password: string;
  /** The client's address, for the login limits. */
  ip: string;
}): Promise<{ ok: true } | CurrentPasswordRefusal> {
  const current = await checkCurrentPassword(options);
  if (!current.ok) return current;
  const passwordHash = await hashPassword(options.password);
  await db().update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, options.userId));
  await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, options.userId), ne(sessions.idHash, hashToken(options.sessionId))));
  return { ok: true };
}
