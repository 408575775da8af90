// Issue 18: sign-up that does not reveal a registered address, a new address confirmed by a link
// to it, and 退会 that keeps the published posts and removes everything personal (proved by a walk
// over every table of the database, so a table added later is covered too).
import { describe, expect, it } from 'vitest';
import { database } from '../../app/db/client.server';
import { accountDeletionSummary, deleteAccount } from '../../app/features/accounts/delete-account.server';
import { confirmEmailChange } from '../../app/features/accounts/confirm-email-change.server';
import { confirmSignUp } from '../../app/features/accounts/confirm-sign-up.server';
import { findConfirmation } from '../../app/features/accounts/confirmation-links.server';
import { requestEmailChange } from '../../app/features/accounts/request-email-change.server';
import { requestSignUp } from '../../app/features/accounts/request-sign-up.server';
import { logIn } from '../../app/features/accounts/log-in.server';
import { recordLoginFailure } from '../../app/features/accounts/login-limits.server';
import { requestPasswordReset } from '../../app/features/accounts/request-password-reset.server';
import { EMAIL_LIMITS } from '../../app/features/accounts/email-limits';
import { createSession, findSession } from '../../app/features/accounts/sessions.server';
import { reportPost } from '../../app/features/moderation/reports.server';
import { addTrackerEvent } from '../../app/features/tracker/writes.server';
import { deliverDueEmails } from '../../app/features/email/queue.server';
import {
  clipPost,
  createCompany,
  createStudent,
  favoriteCompany,
  industryIdOf,
  payReward,
  publishPost,
  saveDraft,
  submitPost,
  trackCompany,
  newRequester,
  voteUseful,
} from '../factories';
import { codeOf, mailsTo } from '../support/outcomes';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

const tokenIn = (body: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(body)?.[1];

describe('sign-up by email', () => {
  it('creates the account only from the link, once, and logs nothing in before', async () => {
    await requestSignUp({ email: ' New.Student@Example.JP ', password: 'a new pass phrase', requester: newRequester() });
    expect(
      Number((await database().query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE email = 'new.student@example.jp'`))[0]!.n),
    ).toBe(0);
    const [mail] = await mailsTo('new.student@example.jp');
    expect(mail!.subject).toBe('【シューログ】会員登録を完了してください');
    const token = tokenIn(mail!.body, '/signup/confirm')!;
    expect(await findConfirmation({ token, purpose: 'signup' })).toEqual({ email: 'new.student@example.jp', returnTo: null });
    // The password hash waits in the link's row, never the password.
    const stored = await database().query<{ password_hash: string }>(
      `SELECT password_hash FROM email_confirmations WHERE email = 'new.student@example.jp'`,
    );
    expect(stored[0]!.password_hash).toMatch(/^\$argon2id\$/);

    const { userId } = await confirmSignUp({ token });
    expect((await logIn({ email: 'new.student@example.jp', password: 'a new pass phrase', ip: '10.30.0.1' })).id).toBe(userId);
    // Works once; the hash is not kept beside the used link.
    expect(await codeOf(confirmSignUp({ token }))).toBe('invalid_confirmation_token');
    expect(await findConfirmation({ token, purpose: 'signup' })).toBeNull();
    const after = await database().query<{ password_hash: string | null }>(
      `SELECT password_hash FROM email_confirmations WHERE email = 'new.student@example.jp'`,
    );
    expect(after.every((row) => row.password_hash === null)).toBe(true);
  });

  it('answers a registered address the same way and tells its owner, without a link or a change', async () => {
    const owner = await createStudent({ email: 'owner@example.jp', password: 'the owner pass phrase' });
    await expect(
      requestSignUp({ email: 'OWNER@example.jp', password: 'an intruder pass phrase', requester: newRequester() }),
    ).resolves.toEqual({ ok: true });
    const [mail] = await mailsTo('owner@example.jp');
    expect(mail!.subject).toBe('【シューログ】このメールアドレスはすでに登録されています');
    expect(mail!.body).toContain('/login');
    expect(tokenIn(mail!.body, '/signup/confirm')).toBeUndefined();
    expect((await logIn({ email: 'owner@example.jp', password: 'the owner pass phrase', ip: '10.30.0.2' })).id).toBe(owner.userId);
  });

  it('keeps one live link per address, refuses an expired one, and sends at most five an hour', async () => {
    const email = 'twice@example.jp';
    await requestSignUp({ email, password: 'first pass phrase', requester: newRequester() });
    const older = tokenIn((await mailsTo(email))[0]!.body, '/signup/confirm')!;
    await requestSignUp({ email, password: 'second pass phrase', requester: newRequester() });
    const newer = (await mailsTo(email)).map((mail) => tokenIn(mail.body, '/signup/confirm')!).find((token) => token !== older)!;
    expect(newer).toBeDefined();
    expect(await codeOf(confirmSignUp({ token: older }))).toBe('invalid_confirmation_token');
    const later = new Date(Date.now() + 25 * 60 * 60_000);
    expect(await codeOf(confirmSignUp({ token: newer, now: later }))).toBe('invalid_confirmation_token');
    expect(await findConfirmation({ token: newer, purpose: 'signup' })).toEqual({ email, returnTo: null });

    const flooded = 'flooded@example.jp';
    for (let i = 0; i < EMAIL_LIMITS.perRecipient.max + 3; i += 1)
      await requestSignUp({ email: flooded, password: 'flood pass phrase', requester: newRequester() });
    expect(await mailsTo(flooded)).toHaveLength(EMAIL_LIMITS.perRecipient.max);
  });

  it('creates one account when two links for one address are both used', async () => {
    const email = 'race@example.jp';
    await requestSignUp({ email, password: 'race pass phrase', requester: newRequester() });
    const [first] = await mailsTo(email);
    const firstToken = tokenIn(first!.body, '/signup/confirm')!;
    await confirmSignUp({ token: firstToken });
    // A registered address now: a new request mails the owner instead of a link.
    await requestSignUp({ email, password: 'race pass phrase', requester: newRequester() });
    const [second] = await mailsTo(email);
    expect(second!.subject).toContain('すでに登録されています');
    expect(Number((await database().query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE email = $1`, [email]))[0]!.n)).toBe(1);
  });
});

describe('changing the address while logged in', () => {
  it('needs the current password, changes only through the link to the new address, and tells the old one', async () => {
    const student = await createStudent({ email: 'mover@example.jp', password: 'mover pass phrase' });
    expect(
      await requestEmailChange({ userId: student.userId, currentPassword: 'wrong', email: 'moved@example.jp', requester: newRequester() }),
    ).toEqual({
      ok: false,
      reason: 'wrong_password',
      endSession: false,
    });
    expect(
      await codeOf(
        requestEmailChange({
          userId: student.userId,
          currentPassword: 'mover pass phrase',
          email: 'MOVER@example.jp',
          requester: newRequester(),
        }),
      ),
    ).toBe('same_email');
    expect(
      await requestEmailChange({
        userId: student.userId,
        currentPassword: 'mover pass phrase',
        email: 'Moved@Example.jp',
        requester: newRequester(),
      }),
    ).toEqual({
      ok: true,
      email: 'moved@example.jp',
    });
    // Nothing changes until the link is used.
    expect((await logIn({ email: 'mover@example.jp', password: 'mover pass phrase', ip: '10.30.0.3' })).id).toBe(student.userId);
    const [link] = await mailsTo('moved@example.jp');
    expect(link!.subject).toBe('【シューログ】メールアドレスの変更を完了してください');
    const token = tokenIn(link!.body, '/email_change')!;
    expect(await confirmEmailChange({ token })).toEqual({ userId: student.userId, email: 'moved@example.jp' });
    expect(await codeOf(confirmEmailChange({ token }))).toBe('invalid_confirmation_token');
    expect((await logIn({ email: 'moved@example.jp', password: 'mover pass phrase', ip: '10.30.0.3' })).id).toBe(student.userId);
    expect(await codeOf(logIn({ email: 'mover@example.jp', password: 'mover pass phrase', ip: '10.30.0.3' }))).toBe('invalid_credentials');
    const [told] = await mailsTo('mover@example.jp');
    expect(told!.subject).toBe('【シューログ】メールアドレスが変更されました');
    expect(told!.body).toContain('moved@example.jp');
  });

  it('does not reveal that the new address is registered: its owner is told, and nothing changes', async () => {
    const taker = await createStudent({ email: 'taker@example.jp', password: 'taker pass phrase' });
    await createStudent({ email: 'taken@example.jp' });
    expect(
      await requestEmailChange({
        userId: taker.userId,
        currentPassword: 'taker pass phrase',
        email: 'taken@example.jp',
        requester: newRequester(),
      }),
    ).toEqual({
      ok: true,
      email: 'taken@example.jp',
    });
    const [mail] = await mailsTo('taken@example.jp');
    expect(mail!.subject).toBe('【シューログ】メールアドレス変更のお申し込みについて');
    expect(tokenIn(mail!.body, '/email_change')).toBeUndefined();
    expect((await logIn({ email: 'taker@example.jp', password: 'taker pass phrase', ip: '10.30.0.4' })).id).toBe(taker.userId);
  });

  it('refuses a link whose address was registered by someone else meanwhile', async () => {
    const slow = await createStudent({ email: 'slow@example.jp', password: 'slow pass phrase' });
    await requestEmailChange({
      userId: slow.userId,
      currentPassword: 'slow pass phrase',
      email: 'contested@example.jp',
      requester: newRequester(),
    });
    const [mail] = await mailsTo('contested@example.jp');
    await createStudent({ email: 'contested@example.jp' });
    expect(await codeOf(confirmEmailChange({ token: tokenIn(mail!.body, '/email_change')! }))).toBe('email_taken');
    expect((await logIn({ email: 'slow@example.jp', password: 'slow pass phrase', ip: '10.30.0.5' })).id).toBe(slow.userId);
  });
});

/** Every foreign-key column that points at users.id, as [table, column]. */
async function userReferences(): Promise<Array<[string, string]>> {
  const rows = await database().query<{ table_name: string; column_name: string }>(
    `SELECT kcu.table_name, kcu.column_name
       FROM information_schema.referential_constraints rc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
      WHERE ccu.table_name = 'users' AND ccu.column_name = 'id' AND kcu.table_schema = 'public'`,
  );
  return rows.map((row) => [row.table_name, row.column_name]);
}

/** Every text-like column of every table: where personal words could be written. */
async function textColumns(): Promise<Array<[string, string]>> {
  const rows = await database().query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
  );
  return rows.map((row) => [row.table_name, row.column_name]);
}

describe('退会', () => {
  it('keeps the published posts under 退会したユーザー and leaves nothing personal in any table', async () => {
    const companyId = (await createCompany({ name: '退会検証株式会社' })).companyId;
    const leaver = await createStudent({
      email: 'leaver-7q3@example.jp',
      password: 'leaver pass phrase',
      profile: { name: '退会 太郎七三', university: '固有名大学七三', faculty: '固有学部七三' },
      matchConditions: { industryIds: [industryIdOf('IT・通信')] },
    });
    const other = await createStudent({ email: 'stayer@example.jp', profile: true });
    const personal = ['leaver-7q3@example.jp', '退会 太郎七三', '固有名大学七三', '固有学部七三'];

    // What the student wrote: one published post that another student found useful, one in
    // review, one draft; and a post rejected by a moderator (the moderation log names it).
    const published = (await publishPost({ type: 'intern_experience', authorId: leaver.userId, companyId })).postId;
    await voteUseful({ userId: other.userId, postId: published });
    const inReview = (await submitPost({ type: 'student_word_mouth', authorId: leaver.userId, companyId })).postId;
    const draft = (await saveDraft({ type: 'company_study', authorId: leaver.userId, companyId })).postId;
    const rejected = (await submitPost({ type: 'screening_experience', authorId: leaver.userId, companyId, status: 'rejected' })).postId;

    // What the student did on others' posts and for themselves.
    const othersPost = (await publishPost({ type: 'intern_entry_sheet', authorId: other.userId, companyId })).postId;
    await voteUseful({ userId: leaver.userId, postId: othersPost });
    await clipPost({ userId: leaver.userId, postId: othersPost });
    await reportPost({ userId: leaver.userId, postId: othersPost, reason: 'personal_information', note: '固有名大学七三 からの報告' });
    await favoriteCompany({ userId: leaver.userId, companyId });
    await trackCompany({ userId: leaver.userId, companyId, category: 'intern' });
    await addTrackerEvent({
      userId: leaver.userId,
      companyId,
      event: { kind: 'interview', date: '2026-12-01', time: '10:00', place: '本社', url: '', memo: '退会 太郎七三 の面接メモ' },
    });
    await payReward({ userId: leaver.userId, postId: published, postType: 'intern_experience' });
    const session = await createSession({ userId: leaver.userId });
    await recordLoginFailure({ ip: '192.0.2.200', email: leaver.email });
    await requestPasswordReset({ email: leaver.email, requester: newRequester() });
    await requestEmailChange({
      userId: leaver.userId,
      currentPassword: 'leaver pass phrase',
      email: 'leaver-next-7q3@example.jp',
      requester: newRequester(),
    });
    personal.push('leaver-next-7q3@example.jp');
    await deliverDueEmails();
    const votesBefore = await database().query<{ useful_count: number }>('SELECT useful_count FROM posts WHERE id = $1', [othersPost]);
    expect(Number(votesBefore[0]!.useful_count)).toBe(1);

    // The confirmation step names what goes and what stays (issue 27); the badges and points are
    // whatever these activities earned.
    const one = async (query: string) => Number((await database().query<{ n: number | string }>(query, [leaver.userId]))[0]!.n);
    const badges = await one('SELECT count(*) AS n FROM badge_grants WHERE user_id = $1');
    const points = await one('SELECT coalesce(sum(amount), 0) AS n FROM point_entries WHERE user_id = $1');
    expect(badges).toBeGreaterThan(0);
    expect(points).toBeGreaterThanOrEqual(100);
    expect(await accountDeletionSummary({ userId: leaver.userId })).toEqual({
      favorites: 1,
      clips: 1,
      trackedCompanies: 1,
      badges,
      points,
      unpublishedPosts: 3,
      publishedPosts: 1,
    });

    expect(await deleteAccount({ userId: leaver.userId, currentPassword: 'not it', ip: '10.30.0.7' })).toEqual({
      ok: false,
      reason: 'wrong_password',
      endSession: false,
    });
    expect(await deleteAccount({ userId: leaver.userId, currentPassword: 'leaver pass phrase', ip: '10.30.0.7' })).toEqual({ ok: true });

    // No row anywhere points at the account, and no text anywhere holds its personal words.
    const references = await userReferences();
    expect(references.length).toBeGreaterThanOrEqual(15);
    for (const [table, column] of [['users', 'id'] as [string, string], ...references]) {
      const rows = await database().query(`SELECT 1 FROM "${table}" WHERE "${column}" = $1 LIMIT 1`, [leaver.userId]);
      expect(rows, `${table}.${column}`).toHaveLength(0);
    }
    for (const [table, column] of await textColumns()) {
      for (const word of personal) {
        const rows = await database().query(`SELECT 1 FROM "${table}" WHERE "${column}"::text LIKE $1 LIMIT 1`, [`%${word}%`]);
        expect(rows, `${table}.${column} holds ${word}`).toHaveLength(0);
      }
    }
    expect(await findSession({ id: session.id })).toBeNull();
    expect(await codeOf(logIn({ email: leaver.email, password: 'leaver pass phrase', ip: '10.30.0.6' }))).toBe('invalid_credentials');

    // The published post stays, without its author; its 参考になった from others stays.
    const kept = await database().query<{ status: string; author_id: number | null; useful_count: number }>(
      'SELECT status, author_id, useful_count FROM posts WHERE id = $1',
      [published],
    );
    expect(kept[0]).toMatchObject({ status: 'published', author_id: null });
    expect(Number(kept[0]!.useful_count)).toBe(1);
    // The draft and the post in review are gone; the rejected one stays, hidden, for the moderation log.
    const remaining = await database().query<{ id: number; status: string }>(
      'SELECT id, status FROM posts WHERE id = ANY($1::int[]) ORDER BY id',
      [[inReview, draft, rejected]],
    );
    expect(remaining.map((row) => Number(row.id))).toEqual([rejected]);
    expect(remaining[0]!.status).not.toBe('published');
    // The leaver's vote leaves with them: the other post's counts go down, in the list row too.
    const after = await database().query<{ p: number; l: number }>(
      'SELECT p.useful_count AS p, l.useful_count AS l FROM posts p JOIN post_listings l ON l.post_id = p.id WHERE p.id = $1',
      [othersPost],
    );
    expect(after[0]).toEqual({ p: 0, l: 0 });
    // The address is free again.
    await requestSignUp({ email: leaver.email, password: 'a fresh pass phrase', requester: newRequester() });
    const [welcome] = await mailsTo(leaver.email);
    expect(welcome!.subject).toBe('【シューログ】会員登録を完了してください');
  });

  it('is not for moderators', async () => {
    const student = await createStudent({ email: 'mod-to-be@example.jp', password: 'mod pass phrase' });
    await database().query(`UPDATE users SET role = 'moderator' WHERE id = $1`, [student.userId]);
    expect(await deleteAccount({ userId: student.userId, currentPassword: 'mod pass phrase', ip: '10.30.0.8' })).toEqual({
      ok: false,
      reason: 'wrong_password',
      endSession: false,
    });
  });
});
