import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { inTransaction } from '../../db/transaction.server';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { clearLoginFailures } from './login-limits.server';
import { hashPassword } from './password.server';
import { deleteUserSessions } from './sessions.server';
import { hashToken } from './tokens.server';

/** Whether a reset link is still usable (for showing the form or the expired message). */
export async function isResetTokenValid(options: { token: string; now?: Date }): Promise<boolean> {
  if (!options.token || options.token.length > 100) return false;
  const now = options.now ?? new Date();
  const [row] = await db()
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(options.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Sets a new password with a reset link. The link is marked used in the same statement that
 * checks it, so it works once even when submitted twice at the same moment. Every session of
 * the account ends (someone else may have been logged in).
 */
export async function resetPassword(options: { token: string; password: string; now?: Date }): Promise<{ userId: number; email: string }> {
  if (!options.token || options.token.length > 100) throw new AppError('invalid_reset_token');
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(options.password);
  const user = await inTransaction(undefined, async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(options.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new AppError('invalid_reset_token');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, used.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new AppError('invalid_reset_token');
    return user;
  });
  // After the commit: PGlite has one connection, which the transaction holds until then.
  await deleteUserSessions({ userId: user.id });
  await clearLoginFailures({ email: user.email });
  return { userId: user.id, email: user.email };
}
