// Sign-up, step two (issue 18, docs/decisions/040-email-confirmation.md): the link's owner
// creates the account.
import { eq } from 'drizzle-orm';
import { emailConfirmations, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { takeConfirmation } from './confirmation-links.server';
import { safeReturnPath } from './schemas';
import { hashToken } from './tokens.server';

/**
 * The unique index decides, so an address registered meanwhile (a second link, another tab) gets
 * email_taken and nothing else. `returnTo` is the page to go back to, checked again as it leaves
 * the database.
 */
export async function confirmSignUp(options: {
  token: string;
  now?: Date;
}): Promise<{ userId: number; email: string; returnTo: string | null }> {
  const now = options.now ?? new Date();
  return inTransaction(undefined, async (tx) => {
    const link = await takeConfirmation(tx, { token: options.token, purpose: 'signup', now });
    if (!link.passwordHash) throw new AppError('invalid_confirmation_token');
    const [row] = await tx
      .insert(users)
      .values({ email: link.email, passwordHash: link.passwordHash, role: 'student' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!row) throw new AppError('email_taken');
    // The hash has done its work: it is not kept beside a used link.
    await tx
      .update(emailConfirmations)
      .set({ passwordHash: null })
      .where(eq(emailConfirmations.tokenHash, hashToken(options.token)));
    return { userId: row.id, email: link.email, returnTo: safeReturnPath(link.returnTo) };
  });
}
