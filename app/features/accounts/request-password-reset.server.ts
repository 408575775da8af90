import { and, eq, isNull } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { enqueueEmail } from '../email/queue.server';
import { admissionResult, admitEmailRequest, EMAIL_SENT, type EmailRequester, type EmailRequestResult } from './email-limits.server';
import { normalizeEmail } from './schemas';
import { RESET_TOKEN_LIFETIME_MS } from './session-policy';
import { hashToken, randomToken } from './tokens.server';

/**
 * Emails a one-time reset link when the address has an account. The caller answers the same
 * either way, so the form does not reveal which addresses are registered: the email limits
 * (docs/decisions/053-email-limits.md) count the request before anyone looks the address up. The
 * link's host is the configured PUBLIC_ORIGIN, never one from the request. The email is queued in
 * the transaction that makes the link (docs/decisions/027-email-queue.md): no link without its
 * email, no email with a link that was never stored.
 */
export async function requestPasswordReset(options: { email: string; requester: EmailRequester; now?: Date }): Promise<EmailRequestResult> {
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  return inTransaction(undefined, async (tx) => {
    const admission = await admitEmailRequest(tx, { kind: 'password_reset', to: email, requester: options.requester, now });
    if (admission.outcome !== 'send') return admissionResult(admission);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) return EMAIL_SENT;
    const token = randomToken();
    const link = `${publicOrigin()}/password_reset/${token}`;
    // One live link per account: an older, unused one stops working.
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS),
    });
    await enqueueEmail({
      tx,
      to: email,
      subject: '【シューログ】パスワード再設定のご案内',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        '以下のリンクから、新しいパスワードを設定してください。',
        link,
        '',
        `このリンクの有効期限は${RESET_TOKEN_LIFETIME_MS / 60_000}分で、一度だけ使えます。`,
        'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
        '',
        'シューログ',
      ].join('\n'),
    });
    return EMAIL_SENT;
  });
}
