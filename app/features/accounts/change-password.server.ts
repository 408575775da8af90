import { and, eq, ne, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { sessions, users } from '../../db/schema';
import { hashPassword, verifyPassword } from './password.server';
import { hashToken } from './tokens.server';

/**
 * A logged-in member changes their password (issue 18). The current password is required, so a
 * session left open on a shared computer cannot take the account over; every other session ends
 * (someone else may be logged in elsewhere), and the one in hand stays.
 */
export async function changePassword(options: {
  userId: number;
  /** The session making the change (its cookie value): kept. */
  sessionId: string;
  currentPassword: string;
  password: string;
}): Promise<{ ok: true } | { ok: false; reason: 'wrong_password' }> {
  const [user] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, options.userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, options.currentPassword))) return { ok: false, reason: 'wrong_password' };
  const passwordHash = await hashPassword(options.password);
  await db().update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, options.userId));
  await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, options.userId), ne(sessions.idHash, hashToken(options.sessionId))));
  return { ok: true };
}
