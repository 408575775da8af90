// Moderation, reward points and reports (issue 14): approval publishes everywhere readers look,
// rejection with a reason reaches the author, exactly one of concurrent decisions counts, the
// ledger credits once and stays append-only, the audit log holds every action, reports queue one
// entry per (student, post), and the admin routes answer as the HTTP boundary should.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../app/db/client.server';
import { badgeGrants, emailJobs, moderationEvents, pointEntries, postReports, postRevisions, posts } from '../../app/db/schema';
import { getCompanyProfile } from '../../app/features/companies/get-company-profile.server';
import { approveRevision, rejectRevision } from '../../app/features/moderation/decide.server';
import { listNotices } from '../../app/features/notifications/notices.server';
import { dismissReports, listReportedPosts, reportPost, unpublishPost } from '../../app/features/moderation/reports.server';
import { CONFIRMATION_WINDOW_MS, getDecisionConfirmation } from '../../app/features/moderation/decision-confirmation.server';
import {
  countWaiting,
  findNextInQueue,
  getReview,
  listReviewQueue,
  listWaitingCompanies,
} from '../../app/features/moderation/review-queue.server';
import { getDraftForEditing, saveDraft } from '../../app/features/posting/drafts.server';
import { submitPost as submitForReview } from '../../app/features/posting/submit-post.server';
import { listMyPosts } from '../../app/features/posting/my-posts.server';
import type { WritableType } from '../../app/features/posting/writable-types';
import { getPost } from '../../app/features/posts/get-post.server';
import { listLatestPosts } from '../../app/features/posts/list-latest-posts.server';
import { listMyPoints } from '../../app/features/rewards/list-points.server';
import { POINTS_BY_POST_TYPE } from '../../app/features/rewards/point-amounts';
import { isAppError } from '../../app/lib/app-error';
import * as reviewRoute from '../../app/routes/admin/review';
import * as reportsRoute from '../../app/routes/admin/reports';
import * as queueRoute from '../../app/routes/admin/queue';
import * as postRoute from '../../app/routes/post';
import {
  createCompany,
  createLoggedInModerator,
  createLoggedInStudent,
  createModerator,
  createStudent,
  publishPost,
  sampleContent,
  submitPost,
} from '../factories';
import { callRoute, sessionRequest } from '../support/call-route';
import { setUpTestDatabase } from '../setup/test-database';

let moderatorId: number;

setUpTestDatabase();

beforeAll(async () => {
  moderatorId = (await createModerator()).userId;
});

async function submittedRevision(postId: number): Promise<number> {
  const [row] = await db()
    .select({ revision: postRevisions.revision })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.status, 'submitted')));
  return row!.revision;
}

async function grantsOf(userId: number): Promise<number[]> {
  const rows = await db().select({ id: badgeGrants.badgeKindId }).from(badgeGrants).where(eq(badgeGrants.userId, userId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function eventsOf(postId: number) {
  return db().select().from(moderationEvents).where(eq(moderationEvents.postId, postId)).orderBy(moderationEvents.id);
}

async function emailsTo(email: string) {
  return db().select().from(emailJobs).where(eq(emailJobs.to, email)).orderBy(emailJobs.id);
}

/** The author saves a new text of a post (from its last published or refused text) and sends it for review, as the form does. */
async function reviseAndSend(
  author: { userId: number },
  type: WritableType,
  postId: number,
  companyId: number | null,
  content: Record<string, unknown>,
) {
  const saved = await saveDraft({ userId: author.userId, postId, lockVersion: 0, content });
  return submitForReview({
    userId: author.userId,
    type,
    postId,
    draftKey: null,
    lockVersion: saved.lockVersion,
    subject: { companyId, recruitServiceId: null },
    content,
  });
}

function expectAppError(error: unknown, code: string) {
  expect(isAppError(error), String(error)).toBe(true);
  expect((error as { code: string }).code).toBe(code);
}

describe('approval', () => {
  it('publishes the revision everywhere readers look, credits the points once, grants 411 and 412, logs and tells the author', async () => {
    const author = await createStudent();
    const { companyId } = await createCompany();
    const before = await getCompanyProfile({ companyId });
    const { postId } = await submitPost({
      type: 'intern_experience',
      authorId: author.userId,
      companyId,
      content: { title: '夏の5日間インターン' },
    });
    expect(await getPost({ postId, type: 'intern_experience' })).toBeNull();

    const queue = await listReviewQueue({ companyId });
    expect(queue.items.map((item) => item.postId)).toEqual([postId]);
    expect(queue.items[0]!.kind).toBe('new');
    expect(queue.countsByType.intern_experience).toBe(1);

    const revision = await submittedRevision(postId);
    const result = await approveRevision({ moderatorId, postId, revision });
    expect(result.points).toBe(POINTS_BY_POST_TYPE.intern_experience);
    expect(result.newBadgeKindIds).toEqual(expect.arrayContaining([411, 412]));

    const post = await getPost({ postId, type: 'intern_experience' });
    expect(post?.title).toBe('夏の5日間インターン');
    const after = await getCompanyProfile({ companyId });
    expect(after?.postCounts.intern_experience).toBe((before?.postCounts.intern_experience ?? 0) + 1);
    expect(after?.ratings.reportCount).toBe((before?.ratings.reportCount ?? 0) + 1);
    expect((await listLatestPosts({ limit: 50 })).some((latest) => latest.id === postId)).toBe(true);
    expect((await listReviewQueue({ companyId })).items).toEqual([]);

    const points = await listMyPoints({ userId: author.userId });
    expect(points.balance).toBe(POINTS_BY_POST_TYPE.intern_experience);
    expect(points.entries).toHaveLength(1);
    expect(points.entries[0]!.post?.id).toBe(postId);
    expect(await grantsOf(author.userId)).toEqual(expect.arrayContaining([411, 412]));
    // The popup has not shown them yet.
    const undisplayed = await db()
      .select({ id: badgeGrants.badgeKindId })
      .from(badgeGrants)
      .where(and(eq(badgeGrants.userId, author.userId), sql`${badgeGrants.displayedAt} IS NULL`));
    expect(undisplayed.map((row) => row.id)).toEqual(expect.arrayContaining([411, 412]));

    const events = await eventsOf(postId);
    expect(events.map((event) => [event.action, event.moderatorId, event.revision])).toEqual([['approve', moderatorId, revision]]);
    const mails = await emailsTo(author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【シューログ】投稿が公開されました');
    expect(mails[0]!.body).toContain('夏の5日間インターン');
    expect(mails[0]!.body).toContain(`/intern_experiences/${postId}`);
    expect(mails[0]!.body).toContain('500pt');

    const { notices } = await listNotices({ userId: author.userId });
    const decided = notices.filter((notice) => notice.kind === 'moderation');
    expect(decided).toEqual([
      expect.objectContaining({
        title: '投稿が公開されました（+500pt）',
        detail: 'インターン体験記：夏の5日間インターン',
        link: `/intern_experiences/${postId}`,
        read: false,
      }),
    ]);

    // Approving it again: the decision has been made.
    await expect(approveRevision({ moderatorId, postId, revision })).rejects.toSatisfy((error) => {
      expectAppError(error, 'already_reviewed');
      return true;
    });
  });

  it('20 concurrent approvals of one post: one publication, one ledger entry, one grant of 411 and 412, one event, one email', async () => {
    const author = await createStudent();
    const { postId } = await submitPost({ type: 'intern_entry_sheet', authorId: author.userId });
    const revision = await submittedRevision(postId);
    const moderators = await Promise.all(Array.from({ length: 4 }, () => createModerator()));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => approveRevision({ moderatorId: moderators[i % 4]!.userId, postId, revision })),
    );
    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    expect(fulfilled).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expectAppError(result.reason, 'already_reviewed');
    }
    const ledger = await db().select().from(pointEntries).where(eq(pointEntries.userId, author.userId));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.amount).toBe(POINTS_BY_POST_TYPE.intern_entry_sheet);
    const grants = await grantsOf(author.userId);
    expect(grants.filter((id) => id === 411 || id === 412)).toEqual([411, 412]);
    expect((await eventsOf(postId)).map((event) => event.action)).toEqual(['approve']);
    expect(await emailsTo(author.email)).toHaveLength(1);
  });

  it('approve and reject at the same time: exactly one decision counts', async () => {
    const author = await createStudent();
    const { postId } = await submitPost({ type: 'student_word_mouth', authorId: author.userId });
    const revision = await submittedRevision(postId);
    const results = await Promise.allSettled([
      approveRevision({ moderatorId, postId, revision }),
      rejectRevision({ moderatorId, postId, revision, reason: 'defamation' }),
      approveRevision({ moderatorId, postId, revision }),
      rejectRevision({ moderatorId, postId, revision, reason: 'duplicate' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const events = await eventsOf(postId);
    expect(events).toHaveLength(1);
    const [post] = await db().select({ status: posts.status }).from(posts).where(eq(posts.id, postId));
    expect(post!.status).toBe(events[0]!.action === 'approve' ? 'published' : 'rejected');
  });
});

describe('rejection and resubmission', () => {
  it('sends the post back with its reason and note, which the author reads on /mypage; an edit and a resubmission show what changed', async () => {
    const author = await createStudent();
    const { companyId } = await createCompany();
    const content = sampleContent('screening_experience', { title: '本選考の記録' });
    const { postId } = await submitPost({ type: 'screening_experience', authorId: author.userId, companyId, content });
    const first = await submittedRevision(postId);
    await rejectRevision({
      moderatorId,
      postId,
      revision: first,
      reason: 'personal_information',
      note: '面接官のお名前を伏せてください。',
    });

    const [mine] = await listMyPosts({ userId: author.userId, postId });
    expect(mine!.state).toBe('rejected');
    expect(mine!.rejection).toEqual({ reason: 'personal_information', note: '面接官のお名前を伏せてください。' });
    const { notices } = await listNotices({ userId: author.userId });
    expect(notices.find((notice) => notice.kind === 'moderation')).toMatchObject({
      title: '投稿を公開できませんでした',
      detail: '本選考体験記：本選考の記録\n理由：個人が特定できる内容\n担当者より：面接官のお名前を伏せてください。',
      link: `/mypage/posts/${postId}/edit`,
    });
    const mails = await emailsTo(author.email);
    expect(mails.at(-1)!.subject).toBe('【シューログ】投稿を公開できませんでした');
    expect(mails.at(-1)!.body).toContain('個人が特定できる内容');
    expect(mails.at(-1)!.body).toContain('面接官のお名前を伏せてください。');
    expect(mails.at(-1)!.body).toContain(`/mypage/posts/${postId}/edit`);
    expect(await db().select().from(pointEntries).where(eq(pointEntries.userId, author.userId))).toEqual([]);

    // The author edits the rejected text and sends it again.
    const editing = await getDraftForEditing({ userId: author.userId, postId });
    expect(editing.editable).toBe(true);
    const changed = { ...content, title: '本選考の記録（修正版）' };
    await reviseAndSend(author, 'screening_experience', postId, companyId, changed);
    const queue = await listReviewQueue({ companyId });
    expect(queue.items).toEqual([expect.objectContaining({ postId, kind: 'resubmission', title: '本選考の記録（修正版）' })]);
    const review = await getReview({ postId });
    expect(review!.previous?.status).toBe('rejected');
    expect(review!.previous?.diff).toEqual(
      expect.arrayContaining([
        { kind: 'removed', text: 'タイトル：本選考の記録' },
        { kind: 'added', text: 'タイトル：本選考の記録（修正版）' },
      ]),
    );
    expect(review!.history.map((entry) => entry.action)).toEqual(['reject']);

    await approveRevision({ moderatorId, postId, revision: review!.revision.revision });
    expect((await getPost({ postId, type: 'screening_experience' }))?.title).toBe('本選考の記録（修正版）');
  });

  it('a revision of a published post: a rejection keeps the published text; an approval replaces it and pays nothing again', async () => {
    const author = await createStudent();
    const { postId } = await submitPost({ type: 'company_study', authorId: author.userId, content: { title: '初版の企業研究' } });
    await approveRevision({ moderatorId, postId, revision: await submittedRevision(postId) });
    expect((await getDecisionConfirmation({ moderatorId, postId }))?.points).toBe(POINTS_BY_POST_TYPE.company_study);
    const balance = (await listMyPoints({ userId: author.userId })).balance;

    const editing = await getDraftForEditing({ userId: author.userId, postId });
    if (!editing.editable) throw new Error('not editable');
    const revised = { ...(editing.content as Record<string, unknown>), title: '改訂した企業研究' };
    await reviseAndSend(author, 'company_study', postId, null, revised);
    expect((await listReviewQueue({})).items.find((item) => item.postId === postId)?.kind).toBe('revision');
    const second = await submittedRevision(postId);
    await rejectRevision({ moderatorId, postId, revision: second, reason: 'insufficient_content' });
    expect((await getPost({ postId, type: 'company_study' }))?.title).toBe('初版の企業研究');

    await reviseAndSend(author, 'company_study', postId, null, revised);
    await approveRevision({ moderatorId, postId, revision: await submittedRevision(postId) });
    expect((await getPost({ postId, type: 'company_study' }))?.title).toBe('改訂した企業研究');
    expect((await listMyPoints({ userId: author.userId })).balance).toBe(balance);
    // The queue's confirmation says so: this approval paid nothing.
    expect(await getDecisionConfirmation({ moderatorId, postId })).toMatchObject({
      decision: 'approve',
      title: '改訂した企業研究',
      points: 0,
    });
  });
});

describe('the queue after a decision', () => {
  /** Three posts waiting for one company, sent an hour apart: a, b, c in the queue's order. */
  async function threeWaiting(name: string) {
    const { companyId } = await createCompany({ name });
    const author = await createStudent();
    const send = async (type: 'intern_experience' | 'student_word_mouth', hour: number, title: string) =>
      (
        await submitPost({
          type,
          authorId: author.userId,
          companyId,
          submittedAt: new Date(Date.UTC(2026, 3, 1, hour)),
          content: { title },
        })
      ).postId;
    const a = await send('intern_experience', 1, 'A 夏の5日間');
    const b = await send('student_word_mouth', 2, 'B 説明会');
    const c = await send('intern_experience', 3, 'C 冬の1日');
    return { companyId, author, a, b, c };
  }

  it('confirms the decision from the database and offers the next post in the order and filters of the queue', async () => {
    const { companyId, author, a, b, c } = await threeWaiting('株式会社ミチシルベ製作所');
    await approveRevision({ moderatorId, postId: b, revision: await submittedRevision(b) });
    const approved = await getDecisionConfirmation({ moderatorId, postId: b, companyId });
    expect(approved).toMatchObject({
      postId: b,
      decision: 'approve',
      type: 'student_word_mouth',
      title: 'B 説明会',
      subject: '株式会社ミチシルベ製作所',
      reason: null,
      points: POINTS_BY_POST_TYPE.student_word_mouth,
      authorTold: true,
      // After b comes c, not a (which the moderator left for later).
      next: { postId: c, type: 'intern_experience', title: 'C 冬の1日' },
    });
    expect((await emailsTo(author.email)).some((email) => email.subject === '【シューログ】投稿が公開されました')).toBe(true);
    // A type filter: the next intern_experience after b's place.
    expect((await getDecisionConfirmation({ moderatorId, postId: b, companyId, type: 'intern_experience' }))?.next?.postId).toBe(c);
    expect((await getDecisionConfirmation({ moderatorId, postId: b, companyId, type: 'student_word_mouth' }))?.next).toBeNull();

    // Past the end of the queue it starts again from the oldest still waiting.
    await rejectRevision({
      moderatorId,
      postId: c,
      revision: await submittedRevision(c),
      reason: 'insufficient_content',
      note: '具体例を',
    });
    expect(await getDecisionConfirmation({ moderatorId, postId: c, companyId })).toMatchObject({
      decision: 'reject',
      reason: 'insufficient_content',
      points: 0,
      authorTold: true,
      next: { postId: a },
    });

    // Nothing left for the company: none next, and how many wait in the whole queue.
    await approveRevision({ moderatorId, postId: a, revision: await submittedRevision(a) });
    const last = await getDecisionConfirmation({ moderatorId, postId: a, companyId });
    expect(last?.next).toBeNull();
    expect(last?.waitingOverall).toBe(await countWaiting());
    expect(last?.waitingOverall).toBe((await listReviewQueue({})).total);
  });

  it('confirms nothing that the URL alone claims: another moderator’s decision, a post not decided, an old decision', async () => {
    const { companyId, a, b } = await threeWaiting('株式会社ミチシルベ商会');
    const other = await createModerator();
    await approveRevision({ moderatorId: other.userId, postId: a, revision: await submittedRevision(a) });
    expect(await getDecisionConfirmation({ moderatorId, postId: a, companyId })).toBeNull();
    expect(await getDecisionConfirmation({ moderatorId: other.userId, postId: a, companyId })).not.toBeNull();
    expect(await getDecisionConfirmation({ moderatorId, postId: b, companyId })).toBeNull();
    expect(await getDecisionConfirmation({ moderatorId, postId: 2_000_000_000, companyId })).toBeNull();
    const later = new Date(Date.now() + CONFIRMATION_WINDOW_MS + 60_000);
    expect(await getDecisionConfirmation({ moderatorId: other.userId, postId: a, companyId, now: later })).toBeNull();
  });

  it('the next post skips the decided one even when it waits again, and lists the companies with the most posts waiting', async () => {
    const { companyId, a, b, c } = await threeWaiting('株式会社ミチシルベ工房');
    // b is still waiting (its decision was refused, say): the next after it is c, never b itself.
    expect(await findNextInQueue({ companyId, after: { postId: b, revision: await submittedRevision(b) } })).toMatchObject({ postId: c });
    expect(await findNextInQueue({ companyId, after: { postId: c, revision: await submittedRevision(c) } })).toMatchObject({ postId: a });
    const companies = await listWaitingCompanies({ limit: 50 });
    const mine = companies.find((company) => company.id === companyId);
    expect(mine).toEqual({ id: companyId, name: '株式会社ミチシルベ工房', waiting: 3 });
    // The most waiting first.
    expect(companies.map((company) => company.waiting)).toEqual([...companies.map((company) => company.waiting)].sort((x, y) => y - x));
    expect(
      (await listWaitingCompanies({ type: 'student_word_mouth', limit: 50 })).find((company) => company.id === companyId)?.waiting,
    ).toBe(1);
  });
});

describe('the points ledger', () => {
  it('refuses to change or delete an entry; a deleted account takes its entries with it', async () => {
    const author = await createStudent();
    const { postId } = await submitPost({ type: 'jobhunt_prompt_report', authorId: author.userId });
    await approveRevision({ moderatorId, postId, revision: await submittedRevision(postId) });
    const refused = (error: unknown) => /append-only/.test(String((error as { cause?: Error }).cause?.message ?? error));
    await expect(db().update(pointEntries).set({ amount: 99999 }).where(eq(pointEntries.userId, author.userId))).rejects.toSatisfy(refused);
    await expect(db().delete(pointEntries).where(eq(pointEntries.userId, author.userId))).rejects.toSatisfy(refused);
    await expect(db().execute(sql`TRUNCATE point_entries`)).rejects.toSatisfy(refused);
    await expect(db().update(moderationEvents).set({ note: 'x' }).where(eq(moderationEvents.postId, postId))).rejects.toSatisfy(refused);
    // A correction is a new entry. No operation of the site corrects points yet: the ledger's own
    // rules are what is tested here, so the entries are written as such a correction would be.
    await db().insert(pointEntries).values({ userId: author.userId, amount: -100, reason: 'adjustment' });
    expect((await listMyPoints({ userId: author.userId })).balance).toBe(POINTS_BY_POST_TYPE.jobhunt_prompt_report - 100);
    // What the foreign keys do still happens: an account without posts is deleted with its entries.
    const other = await createStudent();
    await db().insert(pointEntries).values({ userId: other.userId, amount: 300, reason: 'adjustment' });
    await db().execute(sql`DELETE FROM users WHERE id = ${other.userId}`);
    expect(await db().select().from(pointEntries).where(eq(pointEntries.userId, other.userId))).toEqual([]);
  });
});

describe('reports', () => {
  it('one report per student and post; a student cannot report their own post; the queue lists each reported post once', async () => {
    const author = await createStudent();
    const readers = await Promise.all([createStudent(), createStudent()]);
    const { postId } = await publishPost({ type: 'student_word_mouth', authorId: author.userId });
    expect(await reportPost({ userId: readers[0]!.userId, postId, reason: 'defamation', note: '特定の社員への悪口です' })).toEqual({
      created: true,
    });
    expect(await reportPost({ userId: readers[0]!.userId, postId, reason: 'spam' })).toEqual({ created: false });
    await Promise.all([1, 2, 3].map(() => reportPost({ userId: readers[1]!.userId, postId, reason: 'other' })));
    await expect(reportPost({ userId: author.userId, postId, reason: 'other' })).rejects.toSatisfy((error) => {
      expectAppError(error, 'own_post_report');
      return true;
    });
    const rows = await db().select().from(postReports).where(eq(postReports.postId, postId));
    expect(rows).toHaveLength(2);
    const queue = await listReportedPosts();
    const entry = queue.posts.find((post) => post.postId === postId);
    expect(entry?.reports.map((report) => report.reason)).toEqual(['defamation', 'other']);
  });

  it('unpublishing takes the post down with its reason for the author; a second decision is already made; dismissing keeps a post up', async () => {
    const author = await createStudent();
    const reader = await createStudent();
    const { companyId } = await createCompany();
    const { postId } = await publishPost({ type: 'intern_experience', authorId: author.userId, companyId });
    const before = await getCompanyProfile({ companyId });
    await reportPost({ userId: reader.userId, postId, reason: 'personal_information' });
    await unpublishPost({ moderatorId, postId, reason: 'personal_information', note: '実名が書かれています。' });
    expect(await getPost({ postId, type: 'intern_experience' })).toBeNull();
    expect((await getCompanyProfile({ companyId }))?.postCounts.intern_experience).toBe((before?.postCounts.intern_experience ?? 1) - 1);
    const [mine] = await listMyPosts({ userId: author.userId, postId });
    expect(mine).toMatchObject({ state: 'rejected', rejection: { reason: 'personal_information', note: '実名が書かれています。' } });
    expect((await emailsTo(author.email)).at(-1)!.subject).toBe('【シューログ】投稿の公開を停止しました');
    expect((await listReportedPosts()).posts.some((post) => post.postId === postId)).toBe(false);
    await expect(unpublishPost({ moderatorId, postId, reason: 'other' })).rejects.toSatisfy((error) => {
      expectAppError(error, 'already_reviewed');
      return true;
    });
    // The author can fix it and send it again.
    expect((await getDraftForEditing({ userId: author.userId, postId })).editable).toBe(true);

    const other = await publishPost({ type: 'student_word_mouth', authorId: author.userId });
    await reportPost({ userId: reader.userId, postId: other.postId, reason: 'spam' });
    await dismissReports({ moderatorId, postId: other.postId });
    expect(await getPost({ postId: other.postId, type: 'student_word_mouth' })).not.toBeNull();
    expect((await eventsOf(other.postId)).map((event) => event.action)).toEqual(['dismiss_reports']);
    const [closed] = await db().select().from(postReports).where(eq(postReports.postId, other.postId));
    expect(closed).toMatchObject({ resolution: 'dismissed', resolvedBy: moderatorId });
  });
});

describe('the HTTP boundary', () => {
  it('admin routes are 404 to visitors and students, and the review page decides as the moderator', async () => {
    const student = await createLoggedInStudent();
    const moderator = await createLoggedInModerator();
    const author = await createStudent();
    const { postId } = await submitPost({ type: 'intern_experience', authorId: author.userId });
    const revision = await submittedRevision(postId);
    for (const sessionId of [null, student.sessionId]) {
      expect((await callRoute(queueRoute, sessionRequest('/admin', { sessionId }))).status).toBe(404);
      expect(
        (await callRoute(reviewRoute, sessionRequest(`/admin/posts/${postId}`, { sessionId }), { postId: String(postId) })).status,
      ).toBe(404);
      const form = new URLSearchParams({ intent: 'approve', revision: String(revision) });
      const response = await callRoute(
        reviewRoute,
        sessionRequest(`/admin/posts/${postId}`, { sessionId, method: 'POST', body: form, type: 'application/x-www-form-urlencoded' }),
        { postId: String(postId) },
      );
      expect(response.status).toBe(404);
    }
    expect(await submittedRevision(postId)).toBe(revision);

    const page = await callRoute(queueRoute, sessionRequest('/admin', { sessionId: moderator.sessionId }));
    expect(page.status).toBe(200);

    const post = (body: Record<string, string>) =>
      callRoute(
        reviewRoute,
        sessionRequest(`/admin/posts/${postId}`, {
          sessionId: moderator.sessionId,
          method: 'POST',
          body: new URLSearchParams(body),
          type: 'application/x-www-form-urlencoded',
        }),
        { postId: String(postId) },
      );
    const missingReason = await post({ intent: 'reject', revision: String(revision) });
    expect(missingReason.status).toBe(400);
    expect(JSON.stringify(await missingReason.json())).toContain('理由を選んでください。');
    const approved = await post({ intent: 'approve', revision: String(revision) });
    expect(approved.status).toBe(302);
    expect(approved.headers.get('Location')).toBe(`/admin?decided=${postId}`);
    const late = await post({ intent: 'reject', revision: String(revision), reason: 'other' });
    expect(late.status).toBe(409);
    expect(JSON.stringify(await late.json())).toContain('この投稿はすでに審査済みです');
    expect((await eventsOf(postId)).map((event) => [event.action, event.moderatorId])).toEqual([['approve', moderator.userId]]);
  });

  it('a decision goes back to the queue as the moderator filtered it, which confirms it to that moderator only', async () => {
    const moderator = await createLoggedInModerator();
    const other = await createLoggedInModerator();
    const author = await createStudent();
    const { companyId } = await createCompany();
    const first = await submitPost({
      type: 'jobhunt_prompt_report',
      authorId: author.userId,
      companyId,
      content: { title: '一次面接の速報' },
    });
    const second = await submitPost({ type: 'jobhunt_prompt_report', authorId: author.userId, companyId });
    const filters = `type=jobhunt_prompt_report&company_id=${companyId}`;
    const rejected = await callRoute(
      reviewRoute,
      sessionRequest(`/admin/posts/${first.postId}?${filters}&page=2&decided=1`, {
        sessionId: moderator.sessionId,
        method: 'POST',
        body: new URLSearchParams({ intent: 'reject', revision: String(await submittedRevision(first.postId)), reason: 'other' }),
        type: 'application/x-www-form-urlencoded',
      }),
      { postId: String(first.postId) },
    );
    expect(rejected.status).toBe(302);
    // The filters, from the queue's first page, and the post decided on (nothing else of the URL).
    expect(rejected.headers.get('Location')).toBe(`/admin?${filters}&decided=${first.postId}`);

    const queue = await callRoute(
      queueRoute,
      sessionRequest(`/admin?${filters}&decided=${first.postId}`, { sessionId: moderator.sessionId }),
    );
    const body = (await queue.json()) as { confirmation: { decision: string; title: string; next: { postId: number } | null } | null };
    expect(body.confirmation).toMatchObject({ decision: 'reject', title: '一次面接の速報', next: { postId: second.postId } });
    // The same URL in another moderator's browser confirms nothing.
    const forged = await callRoute(queueRoute, sessionRequest(`/admin?${filters}&decided=${first.postId}`, { sessionId: other.sessionId }));
    expect(((await forged.json()) as { confirmation: unknown }).confirmation).toBeNull();
  });

  it("the post page takes a student's report; the reports page closes it", async () => {
    const author = await createStudent();
    const reader = await createLoggedInStudent();
    const moderator = await createLoggedInModerator();
    const { postId } = await publishPost({ type: 'student_word_mouth', authorId: author.userId });
    const report = (body: Record<string, string>) =>
      callRoute(
        postRoute,
        sessionRequest(`/word_mouths/${postId}`, {
          sessionId: reader.sessionId,
          method: 'POST',
          body: new URLSearchParams(body),
          type: 'application/x-www-form-urlencoded',
        }),
        { postId: String(postId) },
      );
    const empty = await report({ intent: 'report' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('報告の理由を選んでください。');
    expect(await (await report({ intent: 'report', reason: 'spam', note: '宣伝です' })).json()).toMatchObject({ ok: true, created: true });
    expect(await (await report({ intent: 'report', reason: 'spam' })).json()).toMatchObject({ ok: true, created: false });
    const visitor = await callRoute(
      postRoute,
      sessionRequest(`/word_mouths/${postId}`, {
        sessionId: null,
        method: 'POST',
        body: new URLSearchParams({ reason: 'spam' }),
        type: 'application/x-www-form-urlencoded',
      }),
      { postId: String(postId) },
    );
    expect([302, 401]).toContain(visitor.status);

    const list = await callRoute(reportsRoute, sessionRequest('/admin/reports', { sessionId: moderator.sessionId }));
    expect(JSON.stringify(await list.json())).toContain('宣伝です');
    const dismissed = await callRoute(
      reportsRoute,
      sessionRequest('/admin/reports', {
        sessionId: moderator.sessionId,
        method: 'POST',
        body: new URLSearchParams({ intent: 'dismiss', postId: String(postId) }),
        type: 'application/x-www-form-urlencoded',
      }),
    );
    expect(await dismissed.json()).toMatchObject({ ok: true, intent: 'dismiss' });
    const twice = await callRoute(
      reportsRoute,
      sessionRequest('/admin/reports', {
        sessionId: moderator.sessionId,
        method: 'POST',
        body: new URLSearchParams({ intent: 'unpublish', postId: String(postId), reason: 'other' }),
        type: 'application/x-www-form-urlencoded',
      }),
    );
    expect(twice.status).toBe(409);
  });
});
