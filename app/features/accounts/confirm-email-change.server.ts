// A logged-in member's change of address, step two (issue 18,
// docs/decisions/040-email-confirmation.md): the new address's owner completes it.
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/queue.server';
import { takeConfirmation } from './confirmation-links.server';
import { emailChangedMail } from './confirmation-mails.server';

/**
 * The old address is told (someone who took a session and the password could otherwise move the
 * account away unseen).
 */
export async function confirmEmailChange(options: { token: string; now?: Date }): Promise<{ userId: number; email: string }> {
  const now = options.now ?? new Date();
  return inTransaction(undefined, async (tx) => {
    const link = await takeConfirmation(tx, { token: options.token, purpose: 'email_change', now });
    if (link.userId === null) throw new AppError('invalid_confirmation_token');
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId)).limit(1);
    if (!before) throw new AppError('invalid_confirmation_token');
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, link.email)).limit(1);
    if (taken) throw new AppError('email_taken');
    await tx.update(users).set({ email: link.email, updatedAt: sql`now()` }).where(eq(users.id, link.userId));
    await enqueueEmail({ tx, to: before.email, ...emailChangedMail(link.email) });
    return { userId: link.userId, email: link.email };
  });
}
