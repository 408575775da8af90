import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { alertOwnerOfLoginFailures, clearLoginFailures, countLoginFailures, recordLoginFailure } from './login-limits.server';
import { hashPassword, verifyPassword } from './password.server';
import { normalizeEmail } from './schemas';
import { isOverLimit, LOGIN_LIMITS, needsSlowDown } from './session-policy';
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
  const failures = await countLoginFailures({ ip: options.ip, email });
  if (isOverLimit(failures)) throw new AppError('rate_limited');
  if (needsSlowDown(failures)) await sleep(LOGIN_LIMITS.perAccount.delayMs);
  const [user] = await db()
    .select({ id: users.id, role: users.role, name: users.name, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), options.password);
  if (!user || !ok) {
    await recordLoginFailure({ ip: options.ip, email });
    if (user && failures.account + 1 >= LOGIN_LIMITS.alert.from) {
      await alertOwnerOfLoginFailures({ email, failures: failures.account + 1 });
    }
    throw new AppError('invalid_credentials');
  }
  await clearLoginFailures({ email, ip: options.ip });
  return { id: user.id, role: user.role, name: user.name, email: user.email };
}
