// The current password that /mypage/account asks for before a change of address, a new password
// or 退会, checked under the login limits (docs/decisions/019-login-limits.md): a session left open
// on a shared computer cannot be used to guess it.
import { eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import type { UserRole } from '../../db/enums';
import { users } from '../../db/schema';
import { attemptPassword } from './login-limits.server';
import { verifyPassword } from './password.server';
import { endsSession } from './session-policy';

/**
 * wrong_password: the field's message; too_many_attempts: 429, not checked. `endSession`: this
 * session has guessed as often as a login from its address is refused, so it ends.
 */
export type CurrentPasswordRefusal = { ok: false; reason: 'wrong_password' | 'too_many_attempts'; endSession: boolean };

export async function checkCurrentPassword(options: {
  userId: number;
  currentPassword: string;
  ip: string;
}): Promise<{ ok: true; email: string; role: UserRole } | CurrentPasswordRefusal> {
  const [user] = await db()
    .select({ email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  // The account is gone (deleted in another tab): so is the session.
  if (!user) return { ok: false, reason: 'wrong_password', endSession: true };
  const attempt = await attemptPassword({
    ip: options.ip,
    email: user.email,
    source: 'account_settings',
    verify: () => verifyPassword(user.passwordHash, options.currentPassword),
  });
  if (attempt.ok) return { ok: true, email: user.email, role: user.role };
  return { ok: false, reason: attempt.refused ? 'too_many_attempts' : 'wrong_password', endSession: endsSession(attempt.failures) };
}
