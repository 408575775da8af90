// Sign-up, step one (issue 18, docs/decisions/040-email-confirmation.md): an address proved by a
// link, without revealing whether it is registered. The email is queued in the transaction that
// stores the link (decision 027).
import { and, eq, isNull, lt } from 'drizzle-orm';
import { emailConfirmations, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { enqueueEmail } from '../email/queue.server';
import { storeConfirmationLink } from './confirmation-links.server';
import { alreadyRegisteredMail, signUpLinkMail } from './confirmation-mails.server';
import { admissionResult, admitEmailRequest, EMAIL_SENT, type EmailRequester, type EmailRequestResult } from './email-limits.server';
import { hashPassword } from './password.server';
import { normalizeEmail, safeReturnPath } from './schemas';
import { HOUR } from './session-policy';

/**
 * Whether or not the address has an account, the caller answers the same
 * 「確認メールを送信しました」: a new address gets a link that creates the account, the owner of
 * a registered one is told that someone tried and how to log in. The password is hashed either
 * way, so the answer takes as long. `returnTo` (the page the student signed up from) is kept with
 * the link when it is a page of this site, so the link brings them back there from any browser;
 * anything else is dropped (docs/decisions/048).
 */
export async function requestSignUp(options: {
  email: string;
  password: string;
  returnTo?: unknown;
  requester: EmailRequester;
  now?: Date;
}): Promise<EmailRequestResult> {
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  const returnTo = safeReturnPath(options.returnTo);
  const passwordHash = await hashPassword(options.password);
  return inTransaction(undefined, async (tx) => {
    // The email limits come first and do not depend on the address being registered
    // (docs/decisions/053-email-limits.md); an address that had its emails gets the answer of a
    // sent one.
    const admission = await admitEmailRequest(tx, { kind: 'signup', to: email, requester: options.requester, now });
    if (admission.outcome !== 'send') return admissionResult(admission);
    // Old links are forgotten now and then, here, where new ones are made.
    await tx.delete(emailConfirmations).where(lt(emailConfirmations.expiresAt, new Date(now.getTime() - HOUR)));
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    // One live link per address: an older, unused one stops working.
    await tx
      .update(emailConfirmations)
      .set({ usedAt: now, passwordHash: null })
      .where(and(eq(emailConfirmations.email, email), eq(emailConfirmations.purpose, 'signup'), isNull(emailConfirmations.usedAt)));
    if (existing) {
      await enqueueEmail({ tx, to: email, ...alreadyRegisteredMail(returnTo) });
      return EMAIL_SENT;
    }
    const token = await storeConfirmationLink(tx, { purpose: 'signup', email, passwordHash, returnTo, now });
    await enqueueEmail({ tx, to: email, ...signUpLinkMail(token) });
    return EMAIL_SENT;
  });
}
