import { db } from '../../db/client.server';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword } from './password.server';
import { normalizeEmail } from './schemas';

/**
 * Creates a student account at once, without the confirmation email of the sign-up form
 * (request-sign-up.server.ts): for the test factories. email_taken when the address exists.
 */
export async function signUp(options: { email: string; password: string }): Promise<{ userId: number }> {
  const email = normalizeEmail(options.email);
  const passwordHash = await hashPassword(options.password);
  // The unique index decides, so two tabs or two processes cannot both create the account.
  const [row] = await db()
    .insert(users)
    .values({ email, passwordHash, role: 'student' })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!row) throw new AppError('email_taken');
  return { userId: row.id };
}
