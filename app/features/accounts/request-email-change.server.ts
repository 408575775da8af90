// A logged-in member's change of address, step one (issue 18,
// docs/decisions/040-email-confirmation.md): the new address gets a link. The email is queued in
// the transaction that stores the link (decision 027).
import { and, eq, isNull, ne } from 'drizzle-orm';
import { emailConfirmations, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/queue.server';
import { storeConfirmationLink } from './confirmation-links.server';
import { addressTakenMail, emailChangeLinkMail } from './confirmation-mails.server';
import { checkCurrentPassword, type CurrentPasswordRefusal } from './current-password.server';
import { admitEmailRequest, type EmailRequester, type EmailRequestResult } from './email-limits.server';
import { normalizeEmail } from './schemas';

export type EmailChangeResult = { ok: true; email: string } | CurrentPasswordRefusal | Exclude<EmailRequestResult, { ok: true }>;

/**
 * The current password is required, counted like a login (a session left open elsewhere can
 * neither guess it nor move the account away). The new address gets a link; if it belongs to
 * another account, its owner is told instead, and the member sees the same answer. Under the
 * email limits (docs/decisions/053-email-limits.md), the member is counted across their sessions;
 * an address that had its emails gets nothing, with the same answer. The member's own address
 * throws AppError 'same_email'.
 */
export async function requestEmailChange(options: {
  userId: number;
  currentPassword: string;
  email: string;
  requester: EmailRequester;
  now?: Date;
}): Promise<EmailChangeResult> {
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  const user = await checkCurrentPassword({ ...options, ip: options.requester.ip });
  if (!user.ok) return user;
  if (user.email === email) throw new AppError('same_email');
  const requester = { ...options.requester, userId: options.userId };
  const admission = await inTransaction(undefined, async (tx) => {
    const admission = await admitEmailRequest(tx, { kind: 'email_change', to: email, requester, now });
    if (admission.outcome !== 'send') return admission;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, options.userId)))
      .limit(1);
    // One live change per member: an older, unused link stops working.
    await tx
      .delete(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.userId, options.userId),
          eq(emailConfirmations.purpose, 'email_change'),
          isNull(emailConfirmations.usedAt),
        ),
      );
    if (taken) {
      await enqueueEmail({ tx, to: email, ...addressTakenMail() });
      return admission;
    }
    const token = await storeConfirmationLink(tx, { purpose: 'email_change', email, userId: options.userId, now });
    await enqueueEmail({ tx, to: email, ...emailChangeLinkMail(token) });
    return admission;
  });
  if (admission.outcome === 'requester_limited') {
    return { ok: false, reason: 'too_many_emails', retryAfterSeconds: admission.retryAfterSeconds };
  }
  return { ok: true, email };
}
