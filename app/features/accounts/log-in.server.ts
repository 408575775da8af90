import { eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { users } from '../../db/schema';
import { AccountError } from './errors';
import { clearLoginFailures, isLoginLimited, recordLoginFailure } from './login-limits.server';
import { hashPassword, verifyPassword } from './password.server';
import { normalizeEmail } from './schemas';
import type { SessionUser } from './sessions.server';

// Compared against when the email is unknown, so that a wrong email takes as long as a wrong
// password and the timing does not tell which accounts exist.
let dummyHash: Promise<string> | undefined;

/**
 * Checks an email and password. Throws rate_limited (429) past the limits, otherwise
 * invalid_credentials for any mismatch; the session is the caller's (rotateSession).
 */
export async function logIn(options: { email: string; password: string; ip: string }): Promise<SessionUser> {
  const email = normalizeEmail(options.email);
  if (await isLoginLimited({ ip: options.ip, email })) throw new AccountError('rate_limited');
  const [user] = await db()
    .select({ id: users.id, role: users.role, name: users.name, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), options.password);
  if (!user || !ok) {
    await recordLoginFailure({ ip: options.ip, email });
    throw new AccountError('invalid_credentials');
  }
  await clearLoginFailures({ email });
  return { id: user.id, role: user.role, name: user.name, email: user.email };
}
