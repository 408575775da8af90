// Login limits, counted in the database so that every app process shares them
// (docs/decisions/019-login-limits.md).
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { db, selectRows } from '../../db/client.server';
import { loginFailures, users } from '../../db/schema';
import { type DbOrTx, inTransaction, orDb } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { enqueueEmail } from '../email/queue.server';
import { DAY, isOverLimit, LOGIN_LIMITS, type LoginFailureCounts, needsSlowDown } from './session-policy';

/** Recent failures from this address, on this account from this address, and on this account. */
export async function countLoginFailures(options: { ip: string; email: string; now?: Date; tx?: DbOrTx }): Promise<LoginFailureCounts> {
  const now = options.now ?? new Date();
  const since = (windowMs: number) => new Date(now.getTime() - windowMs).toISOString();
  const { ip, email } = options;
  const [row] = await orDb(options.tx)
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

export async function recordLoginFailure(options: { ip: string; email: string; now?: Date; tx?: DbOrTx }): Promise<number> {
  const now = options.now ?? new Date();
  const [row] = await orDb(options.tx)
    .insert(loginFailures)
    .values({ ip: options.ip, email: options.email, failedAt: now })
    .returning({ id: loginFailures.id });
  // Rows older than every window are useless; clear them now and then.
  if (Math.random() < 0.02)
    await orDb(options.tx)
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, new Date(now.getTime() - DAY)));
  return row!.id;
}

// Serialises the count-and-record step of every password attempt in all processes
// (pg_advisory_xact_lock), so that 50 concurrent guesses cannot all see a count below the limit.
// The lock is held for one count and one insert, never while a hash is checked.
const PASSWORD_ATTEMPTS_LOCK = 727302;

/** Where a password was tried: the login form, or a logged-in form asking for the current one. */
export type PasswordAttemptSource = 'login' | 'account_settings';

/**
 * ok: the password was right. Otherwise `refused` (429: not checked, this address failed too
 * often) or a wrong password, with the failures counted so far, this one included.
 */
export type PasswordAttempt = { ok: true } | { ok: false; refused: boolean; failures: LoginFailureCounts };

/**
 * One attempt at an account's password under the login limits (docs/decisions/019-login-limits.md),
 * for the login form and for the forms that ask a logged-in student for the current password.
 * The attempt is recorded as a failure before the password is checked, under a lock, so every
 * concurrent attempt counts the ones before it; the right password removes it again, with this
 * address's other failures on the account. `verify` checks the password (false for an unknown
 * account too). Past the alert threshold the account's owner is told (nobody, for an address
 * without an account).
 */
export async function attemptPassword(options: {
  ip: string;
  email: string;
  verify: () => Promise<boolean>;
  source: PasswordAttemptSource;
  now?: Date;
}): Promise<PasswordAttempt> {
  const now = options.now ?? new Date();
  const { ip, email } = options;
  const reserved = await inTransaction(undefined, async (tx) => {
    await selectRows(sql`SELECT pg_advisory_xact_lock(${PASSWORD_ATTEMPTS_LOCK})`, tx);
    const failures = await countLoginFailures({ ip, email, now, tx });
    if (isOverLimit(failures)) return { id: null, failures };
    return { id: await recordLoginFailure({ ip, email, now, tx }), failures };
  });
  if (reserved.id === null) return { ok: false, refused: true, failures: reserved.failures };
  if (needsSlowDown(reserved.failures)) await sleep(LOGIN_LIMITS.perAccount.delayMs);
  let right: boolean;
  try {
    right = await options.verify();
  } catch (error) {
    // A check that could not be made is not a wrong password.
    await db().delete(loginFailures).where(eq(loginFailures.id, reserved.id));
    throw error;
  }
  if (right) {
    await clearLoginFailures({ email, ip });
    return { ok: true };
  }
  const failures = {
    ip: reserved.failures.ip + 1,
    accountAndIp: reserved.failures.accountAndIp + 1,
    account: reserved.failures.account + 1,
  };
  if (failures.account >= LOGIN_LIMITS.alert.from) {
    await alertOwnerOfLoginFailures({ email, failures: failures.account, source: options.source, now });
  }
  return { ok: false, refused: false, failures };
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
 * Tells the account's owner that someone keeps getting the password wrong, at most once a day:
 * on the login form, or (`account_settings`) on a form of a session that is logged in to the
 * account, which means someone has that session. The one UPDATE decides, so several processes
 * seeing the same attack send one email; the email is queued in its transaction
 * (docs/decisions/027-email-queue.md).
 */
export async function alertOwnerOfLoginFailures(options: {
  email: string;
  failures: number;
  source?: PasswordAttemptSource;
  now?: Date;
}): Promise<boolean> {
  const now = options.now ?? new Date();
  const inSettings = options.source === 'account_settings';
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
      subject: inSettings ? '【シューログ】パスワードの誤りが続いています' : '【シューログ】ログインの失敗が続いています',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        ...(inSettings
          ? [
              `あなたのアカウント（${options.email}）にログインしたままの端末で、アカウント設定の「現在のパスワード」の誤りが続いています（この1時間に、ログインの失敗と合わせて${options.failures}回）。`,
              `誤りが${LOGIN_LIMITS.perAccountAndIp.max}回に達した端末は、自動的にログアウトされます。`,
              '',
              'ご自身の操作でない場合は、共用のパソコンなどでログインしたままになっていないかご確認のうえ、次のページからパスワードを再設定してください。再設定すると、すべての端末でログアウトされます。',
            ]
          : [
              `あなたのアカウント（${options.email}）で、この1時間にパスワードの誤りによるログインの失敗が${options.failures}回ありました。`,
              '',
              'アカウントはロックされていません。ご本人は、正しいパスワードでこれまでどおりログインできます。',
              'ご自身の操作でない場合は、念のため、ほかのサービスと同じではない、推測されにくいパスワードに変更してください。',
            ]),
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
