// Login limits, counted in the database so that every app process shares them
// (docs/decisions/019-login-limits.md).
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { loginFailures, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { enqueueEmail } from '../../lib/email/queue.server';
import { DAY, LOGIN_LIMITS, type LoginFailureCounts } from './session-policy';

/** Recent failures from this address, on this account from this address, and on this account. */
export async function countLoginFailures(options: { ip: string; email: string; now?: Date }): Promise<LoginFailureCounts> {
  const now = options.now ?? new Date();
  const since = (windowMs: number) => new Date(now.getTime() - windowMs).toISOString();
  const { ip, email } = options;
  const [row] = await db()
    .select({
      ip: sql<number>`count(*) FILTER (WHERE ${loginFailures.ip} = ${ip} AND ${loginFailures.failedAt} > ${since(LOGIN_LIMITS.perIp.windowMs)})`.mapWith(
        Number,
      ),
      accountAndIp:
        sql<number>`count(*) FILTER (WHERE ${loginFailures.ip} = ${ip} AND ${loginFailures.email} = ${email} AND ${loginFailures.failedAt} > ${since(LOGIN_LIMITS.perAccountAndIp.windowMs)})`.mapWith(
          Number,
        ),
      account:
        sql<number>`count(*) FILTER (WHERE ${loginFailures.email} = ${email} AND ${loginFailures.failedAt} > ${since(LOGIN_LIMITS.perAccount.windowMs)})`.mapWith(
          Number,
        ),
    })
    .from(loginFailures)
    .where(
      and(
        gt(
          loginFailures.failedAt,
          new Date(now.getTime() - Math.max(LOGIN_LIMITS.perAccountAndIp.windowMs, LOGIN_LIMITS.perAccount.windowMs)),
        ),
        or(eq(loginFailures.ip, ip), eq(loginFailures.email, email)),
      ),
    );
  return { ip: row?.ip ?? 0, accountAndIp: row?.accountAndIp ?? 0, account: row?.account ?? 0 };
}

export async function recordLoginFailure(options: { ip: string; email: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  await db().insert(loginFailures).values({ ip: options.ip, email: options.email, failedAt: now });
  // Rows older than every window are useless; clear them now and then.
  if (Math.random() < 0.02)
    await db()
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, new Date(now.getTime() - DAY)));
}

/**
 * A successful login clears this address's failures on the account (strangers' stay counted);
 * a password reset, without `ip`, clears all of the account's.
 */
export async function clearLoginFailures(options: { email: string; ip?: string }): Promise<void> {
  const ofAccount = eq(loginFailures.email, options.email);
  await db()
    .delete(loginFailures)
    .where(options.ip === undefined ? ofAccount : and(ofAccount, eq(loginFailures.ip, options.ip)));
}

/**
 * Tells the account's owner that someone keeps failing to log in, at most once a day. The one
 * UPDATE decides, so several processes seeing the same attack send one email; the email is
 * queued in its transaction (docs/decisions/027-email-queue.md).
 */
export async function alertOwnerOfLoginFailures(options: { email: string; failures: number; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  return inTransaction(undefined, async (tx) => {
    const [owner] = await tx
      .update(users)
      .set({ loginAlertSentAt: now })
      .where(
        and(
          eq(users.email, options.email),
          or(isNull(users.loginAlertSentAt), lt(users.loginAlertSentAt, new Date(now.getTime() - LOGIN_LIMITS.alert.intervalMs))),
        ),
      )
      .returning({ id: users.id });
    if (!owner) return false;
    await enqueueEmail({
      tx,
      to: options.email,
      subject: '【シューログ】ログインの失敗が続いています',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        `あなたのアカウント（${options.email}）で、この1時間にパスワードの誤りによるログインの失敗が${options.failures}回ありました。`,
        '',
        'アカウントはロックされていません。ご本人は、正しいパスワードでこれまでどおりログインできます。',
        'ご自身の操作でない場合は、念のため、ほかのサービスと同じではない、推測されにくいパスワードに変更してください。',
        `${publicOrigin()}/password_reset`,
        '',
        'お心当たりがある場合は、このメールを破棄してください。',
        '',
        'シューログ',
      ].join('\n'),
    });
    return true;
  });
}
