// Addresses proved by a link (issue 18, docs/decisions/040-email-confirmation.md): sign-up that
// does not reveal whether an address is registered, and a logged-in member's change of address.
// A link is a 256-bit token whose SHA-256 alone is stored; it works once, for a day. Emails are
// queued in the transaction that stores the link (decision 027), with the configured origin.
import { and, count, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { data } from 'react-router';
import { db } from '../../db/client.server';
import { emailConfirmations, users } from '../../db/schema';
import { type DbOrTx, inTransaction } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { contactEmail, publicOrigin } from '../../lib/config.server';
import { enqueueEmail } from '../../lib/email/queue.server';
import { hashPassword, verifyPassword } from './password.server';
import { normalizeEmail } from './schemas';
import { ensureSession } from './session-request.server';
import { CONFIRMATION_LIFETIME_MS, SIGNUP_EMAILS_PER_HOUR } from './session-policy';
import { hashToken, isTokenShaped, randomToken } from './tokens.server';

export type ConfirmationPurpose = 'signup' | 'email_change';

const HOUR = 60 * 60_000;

function signOff(): string[] {
  return ['', '――', 'シューログ（就活・インターン情報サイト）', publicOrigin()];
}

function lifetimeText(): string {
  return `${CONFIRMATION_LIFETIME_MS / HOUR}時間`;
}

/**
 * Sign-up, step one. Whether or not the address has an account, the caller answers the same
 * 「確認メールを送信しました」: a new address gets a link that creates the account, the owner of
 * a registered one is told that someone tried and how to log in. The password is hashed either
 * way, so the answer takes as long.
 */
export async function requestSignUp(options: { email: string; password: string; now?: Date }): Promise<void> {
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(options.password);
  await inTransaction(undefined, async (tx) => {
    // Old links are forgotten now and then, here, where new ones are made.
    await tx.delete(emailConfirmations).where(lt(emailConfirmations.expiresAt, new Date(now.getTime() - HOUR)));
    const [recent] = await tx
      .select({ n: count() })
      .from(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.email, email),
          eq(emailConfirmations.purpose, 'signup'),
          gt(emailConfirmations.createdAt, new Date(now.getTime() - HOUR)),
        ),
      );
    if ((recent?.n ?? 0) >= SIGNUP_EMAILS_PER_HOUR) return;
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    // One live link per address: an older, unused one stops working (kept, spent, for the count).
    await tx
      .update(emailConfirmations)
      .set({ usedAt: now, passwordHash: null })
      .where(and(eq(emailConfirmations.email, email), eq(emailConfirmations.purpose, 'signup'), isNull(emailConfirmations.usedAt)));
    const token = randomToken();
    await tx.insert(emailConfirmations).values({
      tokenHash: hashToken(token),
      purpose: 'signup',
      email,
      // A registered address keeps a row only so that the hourly limit counts it; no link goes out.
      passwordHash: existing ? null : passwordHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS),
    });
    if (existing) {
      await enqueueEmail({
        tx,
        to: email,
        subject: '【シューログ】このメールアドレスはすでに登録されています',
        text: [
          'シューログをご利用いただきありがとうございます。',
          '',
          'このメールアドレスで会員登録のお申し込みがありましたが、このアドレスはすでに登録されています。',
          'ご本人のお申し込みでしたら、以下のページからログインしてください。',
          `${publicOrigin()}/login`,
          '',
          'パスワードをお忘れの場合は、こちらから再設定できます。',
          `${publicOrigin()}/password_reset`,
          '',
          'お心当たりのない場合は、このメールを破棄してください。アカウントには何の変更もありません。',
          ...signOff(),
        ].join('\n'),
      });
      return;
    }
    await enqueueEmail({
      tx,
      to: email,
      subject: '【シューログ】会員登録を完了してください',
      text: [
        'シューログへのご登録ありがとうございます。',
        '',
        '以下のリンクを開き、「登録を完了する」を押すと会員登録が完了します。',
        `${publicOrigin()}/signup/confirm/${token}`,
        '',
        `このリンクの有効期限は${lifetimeText()}で、一度だけ使えます。`,
        'お心当たりのない場合は、このメールを破棄してください。登録は行われません。',
        ...signOff(),
      ].join('\n'),
    });
  });
}

/** The address a still-usable link was sent to, or null (for the page that shows the button). */
export async function findConfirmation(options: {
  token: string;
  purpose: ConfirmationPurpose;
  now?: Date;
}): Promise<{ email: string } | null> {
  if (!isTokenShaped(options.token)) return null;
  const now = options.now ?? new Date();
  const [row] = await db()
    .select({ email: emailConfirmations.email, passwordHash: emailConfirmations.passwordHash })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(options.token)),
        eq(emailConfirmations.purpose, options.purpose),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row || (options.purpose === 'signup' && !row.passwordHash)) return null;
  return { email: row.email };
}

/**
 * The loader of a link's page (/signup/confirm/…, /email_change/…): the address it was sent to
 * (null, with 410, for a link that is unknown, used or expired) and a form token for its button.
 */
export async function loadConfirmationPage(options: { request: Request; token: string; purpose: ConfirmationPurpose }) {
  const link = await findConfirmation({ token: options.token, purpose: options.purpose });
  const { session, headers } = await ensureSession(options.request);
  return data({ csrfToken: session.csrfToken, email: link?.email ?? null }, { headers, status: link ? 200 : 410 });
}

/** Marks a link used in the statement that checks it, so it works once even when sent twice. */
async function useConfirmation(tx: DbOrTx, options: { token: string; purpose: ConfirmationPurpose; now: Date }) {
  if (!isTokenShaped(options.token)) throw new AppError('invalid_confirmation_token');
  const [row] = await tx
    .update(emailConfirmations)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(emailConfirmations.tokenHash, hashToken(options.token)),
        eq(emailConfirmations.purpose, options.purpose),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, options.now),
      ),
    )
    .returning({ email: emailConfirmations.email, userId: emailConfirmations.userId, passwordHash: emailConfirmations.passwordHash });
  if (!row) throw new AppError('invalid_confirmation_token');
  return row;
}

/**
 * Sign-up, step two: the link's owner creates the account. The unique index decides, so an
 * address registered meanwhile (a second link, another tab) gets email_taken and nothing else.
 */
export async function confirmSignUp(options: { token: string; now?: Date }): Promise<{ userId: number; email: string }> {
  const now = options.now ?? new Date();
  return inTransaction(undefined, async (tx) => {
    const link = await useConfirmation(tx, { token: options.token, purpose: 'signup', now });
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
    return { userId: row.id, email: link.email };
  });
}

export type EmailChangeResult =
  | { ok: true; email: string }
  | { ok: false; field: 'currentPassword' | 'email'; reason: 'wrong_password' | 'same_email' };

/**
 * A logged-in member asks to use a new address. The current password is required (a session left
 * open elsewhere cannot move the account away). The new address gets a link; if it belongs to
 * another account, its owner is told instead, and the member sees the same answer.
 */
export async function requestEmailChange(options: {
  userId: number;
  currentPassword: string;
  email: string;
  now?: Date;
}): Promise<EmailChangeResult> {
  const email = normalizeEmail(options.email);
  const now = options.now ?? new Date();
  const [user] = await db()
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, options.currentPassword))) {
    return { ok: false, field: 'currentPassword', reason: 'wrong_password' };
  }
  if (user.email === email) return { ok: false, field: 'email', reason: 'same_email' };
  await inTransaction(undefined, async (tx) => {
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
      await enqueueEmail({
        tx,
        to: email,
        subject: '【シューログ】メールアドレス変更のお申し込みについて',
        text: [
          'シューログをご利用いただきありがとうございます。',
          '',
          '別のアカウントから、このメールアドレスへの変更のお申し込みがありました。',
          'このアドレスはすでにシューログに登録されているため、変更は行われません。',
          '',
          'ご本人のお申し込みでしたら、このアドレスのアカウントでログインするか、変更前のアカウントで別のアドレスをお使いください。',
          `${publicOrigin()}/login`,
          '',
          'お心当たりのない場合は、このメールを破棄してください。',
          ...signOff(),
        ].join('\n'),
      });
      return;
    }
    const token = randomToken();
    await tx.insert(emailConfirmations).values({
      tokenHash: hashToken(token),
      purpose: 'email_change',
      email,
      userId: options.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS),
    });
    await enqueueEmail({
      tx,
      to: email,
      subject: '【シューログ】メールアドレスの変更を完了してください',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        'ログイン用のメールアドレスをこのアドレスに変更するお申し込みを受け付けました。',
        '以下のリンクを開き、「変更を完了する」を押すと変更が完了します。',
        `${publicOrigin()}/email_change/${token}`,
        '',
        `このリンクの有効期限は${lifetimeText()}で、一度だけ使えます。`,
        'お心当たりのない場合は、このメールを破棄してください。変更は行われません。',
        ...signOff(),
      ].join('\n'),
    });
  });
  return { ok: true, email };
}

/**
 * The new address's owner completes the change. The old address is told (someone who took a
 * session and the password could otherwise move the account away unseen).
 */
export async function confirmEmailChange(options: { token: string; now?: Date }): Promise<{ userId: number; email: string }> {
  const now = options.now ?? new Date();
  return inTransaction(undefined, async (tx) => {
    const link = await useConfirmation(tx, { token: options.token, purpose: 'email_change', now });
    if (link.userId === null) throw new AppError('invalid_confirmation_token');
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId)).limit(1);
    if (!before) throw new AppError('invalid_confirmation_token');
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, link.email)).limit(1);
    if (taken) throw new AppError('email_taken');
    await tx.update(users).set({ email: link.email, updatedAt: sql`now()` }).where(eq(users.id, link.userId));
    await enqueueEmail({
      tx,
      to: before.email,
      subject: '【シューログ】メールアドレスが変更されました',
      text: [
        'シューログをご利用いただきありがとうございます。',
        '',
        `ログイン用のメールアドレスが ${link.email} に変更されました。今後のお知らせは新しいアドレスにお送りします。`,
        '',
        'お心当たりのない場合は、第三者が操作した可能性があります。お手数ですが、このメールには返信せず、次の窓口までご連絡ください。',
        contactEmail(),
        ...signOff(),
      ].join('\n'),
    });
    return { userId: link.userId, email: link.email };
  });
}
