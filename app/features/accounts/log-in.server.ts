import { eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { attemptPassword } from './login-limits.server';
import { hashPassword, verifyPassword } from './password.server';
import { normalizeEmail } from './schemas';
import type { SessionUser } from './sessions.server';

// Compared against when the email is unknown, so that a wrong email takes as long as a wrong
// password and the timing does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;

/**
 * Checks an email and password under the login limits (docs/decisions/019-login-limits.md):
 * rate_limited (429) when this address has failed too often, alone or on this account; an
 * account that strangers keep failing on is answered after a delay, never refused. Otherwise
 * invalid_credentials for any mismatch. The session is the caller's (rotateSession).
 */
export async function logIn(options: { email: string; password: string; ip: string }): Promise<SessionUser> {
  const email = normalizeEmail(options.email);
  let found: (SessionUser & { passwordHash: string }) | undefined;
  const attempt = await attemptPassword({
    ip: options.ip,
    email,
    source: 'login',
    verify: async () => {
      [found] = await db()
        .select({ id: users.id, role: users.role, name: users.name, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
      const right = await verifyPassword(found?.passwordHash ?? (await dummyHash), options.password, { userId: found?.id });
      return Boolean(found) && right;
    },
  });
  if (!attempt.ok) throw new AppError(attempt.refused ? 'rate_limited' : 'invalid_credentials');
  const user = found!;
  return { id: user.id, role: user.role, name: user.name, email: user.email };
}
