// Notifications (issue 33; docs/decisions/083-notifications.md): new posts at favorite companies
// collected at publication and emailed as a digest once, reminders of the selection board's
// events at 8:00 Tokyo time the day before (and three days before an ES締切), the notices'
// read state and unread count, the settings and the one-click unsubscribe, the scheduled runs
// (one claim per slot, a run cut short taken up again, a missed slot run once), and 退会.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, selectRows } from '../../app/db/client.server';
import { emailJobs, notifications, postRevisions, scheduledJobs } from '../../app/db/schema';
import { deleteAccount } from '../../app/features/accounts/delete-account.server';
import { grantBadges } from '../../app/features/badges/grant-badges.server';
import { approveRevision } from '../../app/features/moderation/decide.server';
import { reportPost, unpublishPost } from '../../app/features/moderation/reports.server';
import { runDigest } from '../../app/features/notifications/digest.server';
import { collectNewPost } from '../../app/features/notifications/new-posts.server';
import { countUnreadNotices, listNotices, markNoticesRead } from '../../app/features/notifications/notices.server';
import { reminderDates, runReminders } from '../../app/features/notifications/reminders.server';
import { claimJobRun, runClaimedJob, runJobNow } from '../../app/features/notifications/scheduled-jobs.server';
import {
  getNotificationSettings,
  saveNotificationSettings,
  DEFAULT_NOTIFICATION_SETTINGS,
} from '../../app/features/notifications/settings.server';
import { stopMailKindByLink } from '../../app/features/notifications/unsubscribe.server';
import { parseUnsubscribeToken, unsubscribeToken } from '../../app/features/notifications/unsubscribe-links.server';
import { addTrackerEvent } from '../../app/features/tracker/writes.server';
import { addDays, tokyoDate, tokyoInstant } from '../../app/lib/tokyo-time';
import { createCompany, createModerator, createStudent, favoriteCompany, submitPost, trackCompany } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

let moderatorId: number;

beforeAll(async () => {
  moderatorId = (await createModerator()).userId;
});

async function approve(postId: number, now?: Date) {
  const [row] = await db()
    .select({ revision: postRevisions.revision })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.status, 'submitted')));
  await approveRevision({ moderatorId, postId, revision: row!.revision, now });
}

async function mailsTo(email: string) {
  return db().select().from(emailJobs).where(eq(emailJobs.to, email)).orderBy(emailJobs.id);
}

async function noticesOf(userId: number) {
  return (await listNotices({ userId, limit: 100 })).notices;
}

/** A student who keeps `companyIds` as favorites. */
async function follower(companyIds: number[], name?: string) {
  const student = await createStudent({ profile: name ? { name } : undefined });
  for (const companyId of companyIds) await favoriteCompany({ userId: student.userId, companyId });
  return student;
}

/** A company, a student who follows it, and an internship report about it that was just published. */
async function publishedForAFollower() {
  const { companyId } = await createCompany();
  const reader = await follower([companyId]);
  const author = await createStudent();
  const post = await submitPost({ type: 'intern_experience', authorId: author.userId, companyId });
  await approve(post.postId);
  return { companyId, reader, author, post };
}

describe('new posts at favorite companies', () => {
  it('makes a notice for each follower but the author at publication, and one digest email that lists them by company', async () => {
    const { companyId } = await createCompany({ name: '株式会社ダイジェスト商事' });
    const other = await createCompany({ name: '株式会社ツギノ工業' });
    const reader = await follower([companyId, other.companyId], '読者');
    const author = await follower([companyId]);
    const first = await submitPost({
      type: 'intern_experience',
      authorId: author.userId,
      companyId,
      content: { title: '夏の3日間インターン' },
    });
    const second = await submitPost({
      type: 'screening_experience',
      authorId: author.userId,
      companyId: other.companyId,
      content: { title: '本選考の面接' },
    });
    await approve(first.postId);
    await approve(second.postId);

    const notices = (await noticesOf(reader.userId)).filter((notice) => notice.kind === 'new_post');
    expect(notices.map((notice) => [notice.title, notice.detail, notice.link])).toEqual([
      ['株式会社ツギノ工業に新しい本選考体験記が投稿されました', '本選考の面接', `/screening_experiences/${second.postId}`],
      ['株式会社ダイジェスト商事に新しいインターン体験記が投稿されました', '夏の3日間インターン', `/intern_experiences/${first.postId}`],
    ]);
    // The author is not told of their own post.
    expect((await noticesOf(author.userId)).filter((notice) => notice.kind === 'new_post')).toEqual([]);

    const result = await runDigest({ frequency: 'daily', windowEnd: new Date() });
    expect(result.emails).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailsTo(reader.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('【シューログ】お気に入り企業に新しい体験記が2件投稿されました');
    expect(mail!.body).toContain('読者さん');
    expect(mail!.body).toContain('■ 株式会社ダイジェスト商事（1件）\n・【インターン体験記】夏の3日間インターン');
    expect(mail!.body).toContain(`/intern_experiences/${first.postId}`);
    expect(mail!.body).toContain('■ 株式会社ツギノ工業（1件）');
    expect(mail!.body).toContain('/mypage/notifications/settings');
    expect(mail!.unsubscribeUrl).toMatch(new RegExp(`/notifications/unsubscribe/${reader.userId}-digest-`));
    expect(mail!.body).toContain(mail!.unsubscribeUrl!);
    // Never sent twice: a second run, or a run at the same time, finds nothing left.
    expect((await runDigest({ frequency: 'daily', windowEnd: new Date() })).emails).toBe(0);
    expect(await mailsTo(reader.email)).toHaveLength(1);
    // The author's only email is the decisions'.
    expect((await mailsTo(author.email)).map((sent) => sent.subject)).not.toContain(expect.stringContaining('お気に入り企業'));
  });

  it('says 投稿 when not every post is a 体験記, and sends nothing when nothing is new', async () => {
    const { companyId } = await createCompany();
    const reader = await follower([companyId]);
    expect((await runDigest({ frequency: 'daily', windowEnd: new Date() })).emails).toBe(0);
    expect(await mailsTo(reader.email)).toEqual([]);
    const author = await createStudent();
    const post = await submitPost({ type: 'company_study', authorId: author.userId, companyId });
    await approve(post.postId);
    await runDigest({ frequency: 'daily', windowEnd: new Date() });
    expect((await mailsTo(reader.email)).map((mail) => mail.subject)).toEqual([
      '【シューログ】お気に入り企業に新しい投稿が1件投稿されました',
    ]);
  });

  it('keeps a weekly student for the weekly run, marks a 受け取らない student without an email, and never emails late what was collected while off', async () => {
    const { companyId } = await createCompany();
    const weekly = await follower([companyId]);
    const off = await follower([companyId]);
    await saveNotificationSettings({ userId: weekly.userId, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, digest: 'weekly' } });
    await saveNotificationSettings({ userId: off.userId, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, digest: 'off' } });
    const author = await createStudent();
    const post = await submitPost({ type: 'intern_experience', authorId: author.userId, companyId });
    await approve(post.postId);
    await runDigest({ frequency: 'daily', windowEnd: new Date() });
    expect(await mailsTo(weekly.email)).toEqual([]);
    expect(await mailsTo(off.email)).toEqual([]);
    await runDigest({ frequency: 'weekly', windowEnd: new Date() });
    expect((await mailsTo(weekly.email)).map((mail) => mail.body)).toEqual([expect.stringContaining('この1週間で')]);
    // Switched back on: the notices of the time it was off stay on the site only.
    await saveNotificationSettings({ userId: off.userId, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, digest: 'daily' } });
    await runDigest({ frequency: 'daily', windowEnd: new Date() });
    expect(await mailsTo(off.email)).toEqual([]);
    expect((await noticesOf(off.userId)).some((notice) => notice.kind === 'new_post')).toBe(true);
  });

  it('leaves out a post taken down before the digest, and collects a post approved again after an edit once', async () => {
    const { companyId, reader, author, post } = await publishedForAFollower();
    await reportPost({ userId: reader.userId, postId: post.postId, reason: 'defamation' });
    await unpublishPost({ moderatorId, postId: post.postId, reason: 'defamation' });
    expect((await noticesOf(reader.userId)).filter((notice) => notice.kind === 'new_post')).toEqual([]);
    await runDigest({ frequency: 'daily', windowEnd: new Date() });
    expect(await mailsTo(reader.email)).toEqual([]);

    const kept = await submitPost({ type: 'intern_experience', authorId: author.userId, companyId });
    await approve(kept.postId);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.postId, kept.postId), eq(notifications.kind, 'new_post'))),
    ).toHaveLength(1);
    // The same post published again (a revision approved): no second notice.
    expect(
      await collectNewPost({
        tx: db(),
        post: { id: kept.postId, type: 'intern_experience', title: '改訂', companyId, authorId: author.userId },
      }),
    ).toBe(0);
  });

  it("does not take a notice made after the run's time: it waits for the next run", async () => {
    const { reader } = await publishedForAFollower();
    await runDigest({ frequency: 'daily', windowEnd: new Date(Date.now() - 60_000) });
    expect(await mailsTo(reader.email)).toEqual([]);
    await runDigest({ frequency: 'daily', windowEnd: new Date() });
    expect(await mailsTo(reader.email)).toHaveLength(1);
  });

  it('gives each student one email when two runs go at once, in batches', async () => {
    const { companyId } = await createCompany();
    const readers = await Promise.all(Array.from({ length: 12 }, () => follower([companyId])));
    const author = await createStudent();
    const post = await submitPost({ type: 'intern_experience', authorId: author.userId, companyId });
    await approve(post.postId);
    const runs = await Promise.all([1, 2].map(() => runDigest({ frequency: 'daily', windowEnd: new Date(), batchSize: 5 })));
    expect(runs[0]!.emails + runs[1]!.emails).toBeGreaterThanOrEqual(12);
    for (const reader of readers) expect(await mailsTo(reader.email)).toHaveLength(1);
  });
});

describe('reminders of the selection board', () => {
  // A day in the future, so that the events are still to come.
  const slotDay = addDays(tokyoDate(), 20);
  const [y, m, d] = slotDay.split('-').map(Number) as [number, number, number];
  const slot = tokyoInstant(y, m, d, 8);
  const previousSlot = new Date(slot.getTime() - 24 * 60 * 60_000);
  const before = new Date(previousSlot.getTime() - 60_000);

  async function boardWith(
    events: Array<{ kind: 'es_deadline' | 'web_test_deadline' | 'briefing' | 'interview'; date: string; time?: string; at?: Date }>,
  ) {
    const student = await createStudent({ profile: { name: '予定' } });
    const { companyId } = await createCompany({ name: '株式会社リマインド' });
    await trackCompany({ userId: student.userId, companyId, category: 'recruit' });
    for (const event of events) {
      await addTrackerEvent({
        userId: student.userId,
        companyId,
        event: { kind: event.kind, date: event.date, time: event.time ?? null, place: '', url: '', memo: '' },
        now: event.at ?? before,
      });
    }
    return student;
  }

  it('knows which event dates a window reminds of', () => {
    expect(reminderDates(previousSlot, slot, 1, slotDay)).toEqual([addDays(slotDay, 1)]);
    expect(reminderDates(previousSlot, slot, 3, slotDay)).toEqual([addDays(slotDay, 3)]);
    // Three days missed: each day's reminders, for events still to come (today's included).
    const threeDaysBefore = new Date(slot.getTime() - 3 * 86_400_000);
    expect(reminderDates(threeDaysBefore, slot, 1, slotDay)).toEqual([slotDay, addDays(slotDay, 1)]);
    expect(reminderDates(threeDaysBefore, slot, 3, slotDay)).toEqual([addDays(slotDay, 1), addDays(slotDay, 2), addDays(slotDay, 3)]);
    // The slot's own reminders are its; the next run's window begins after it.
    expect(reminderDates(slot, new Date(slot.getTime() + 3_600_000), 1, slotDay)).toEqual([]);
  });

  it('reminds the day before and, for an ES締切, three days before, once, in one email a run', async () => {
    const student = await boardWith([
      { kind: 'interview', date: addDays(slotDay, 1), time: '10:00' },
      { kind: 'es_deadline', date: addDays(slotDay, 3) },
      { kind: 'es_deadline', date: addDays(slotDay, 1) },
      { kind: 'briefing', date: addDays(slotDay, 3) },
    ]);
    const run = await runReminders({ from: previousSlot, to: slot, now: slot });
    expect(run.reminders).toBeGreaterThanOrEqual(3);
    const mails = await mailsTo(student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【シューログ】選考の予定が3件近づいています');
    expect(mails[0]!.body).toContain(`明日 ${Number(addDays(slotDay, 1).slice(5, 7))}月${Number(addDays(slotDay, 1).slice(8))}日`);
    expect(mails[0]!.body).toContain('10:00：面接（株式会社リマインド）');
    expect(mails[0]!.body).toContain('3日後');
    expect(mails[0]!.body).not.toContain('説明会');
    expect(mails[0]!.unsubscribeUrl).toContain(`/notifications/unsubscribe/${student.userId}-reminders-`);
    const reminders = (await noticesOf(student.userId)).filter((notice) => notice.kind === 'reminder');
    expect(reminders.map((notice) => notice.title).sort()).toEqual(['3日後はES締切です', '明日はES締切です', '明日は面接です']);
    // Run again (a restart, a second process, a run by hand): nothing more.
    expect((await runReminders({ from: previousSlot, to: slot, now: slot })).reminders).toBe(0);
    expect(await mailsTo(student.email)).toHaveLength(1);
  });

  it('sends none for an event added after its reminder time, and follows the settings', async () => {
    const late = await boardWith([{ kind: 'interview', date: addDays(slotDay, 1), at: new Date(slot.getTime() + 60_000) }]);
    const quiet = await boardWith([
      { kind: 'interview', date: addDays(slotDay, 1) },
      { kind: 'es_deadline', date: addDays(slotDay, 3) },
      { kind: 'web_test_deadline', date: addDays(slotDay, 1) },
    ]);
    await saveNotificationSettings({
      userId: quiet.userId,
      settings: { ...DEFAULT_NOTIFICATION_SETTINGS, remindInterview: false, remindEsThreeDays: false, reminderEmails: false },
    });
    await runReminders({ from: previousSlot, to: new Date(slot.getTime() + 120_000), now: slot });
    expect(await mailsTo(late.email)).toEqual([]);
    expect((await noticesOf(late.userId)).filter((notice) => notice.kind === 'reminder')).toEqual([]);
    // On the site only, and only the kinds left on.
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect((await noticesOf(quiet.userId)).filter((notice) => notice.kind === 'reminder').map((notice) => notice.title)).toEqual([
      '明日はWebテスト締切です',
    ]);
  });
});

describe('notices on the site', () => {
  it("counts the unread, marks the seen ones read (only the student's own), and all at once", async () => {
    const student = await createStudent();
    const other = await createStudent();
    await grantBadges({ userId: student.userId, badgeKindIds: [106, 103] });
    await grantBadges({ userId: other.userId, badgeKindIds: [106] });
    const notices = await noticesOf(student.userId);
    expect(
      notices
        .filter((notice) => notice.kind === 'badge')
        .map((notice) => notice.link)
        .sort(),
    ).toEqual(['/badges/103', '/badges/106']);
    expect(notices.find((notice) => notice.link === '/badges/106')!.title).toMatch(/^「.+」バッジを獲得しました$/);
    const unread = await countUnreadNotices({ userId: student.userId });
    expect(unread).toBe(notices.filter((notice) => !notice.read).length);
    const otherNotice = (await noticesOf(other.userId))[0]!;
    expect(await markNoticesRead({ userId: student.userId, ids: [notices[0]!.id, otherNotice.id] })).toBe(1);
    expect(await countUnreadNotices({ userId: student.userId })).toBe(unread - 1);
    expect((await noticesOf(other.userId))[0]!.read).toBe(false);
    await markNoticesRead({ userId: student.userId, ids: 'all' });
    expect(await countUnreadNotices({ userId: student.userId })).toBe(0);
  });

  it('stops one kind of email by its signed link, without a login; a forged or foreign link does nothing', async () => {
    const student = await createStudent();
    const token = unsubscribeToken(student.userId, 'reminders');
    expect(parseUnsubscribeToken(token)).toEqual({ userId: student.userId, kind: 'reminders' });
    expect(parseUnsubscribeToken(token.replace('reminders', 'digest'))).toBeNull();
    expect(parseUnsubscribeToken(`${student.userId + 1}${token.slice(String(student.userId).length)}`)).toBeNull();
    expect(await stopMailKindByLink(token)).toBe('reminders');
    expect(await getNotificationSettings({ userId: student.userId })).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, reminderEmails: false });
    expect(await stopMailKindByLink(unsubscribeToken(student.userId, 'digest'))).toBe('digest');
    expect((await getNotificationSettings({ userId: student.userId })).digest).toBe('off');
  });

  it('goes with the account: 退会 removes the notices and the emails not yet sent', async () => {
    const { reader } = await publishedForAFollower();
    await runDigest({ frequency: 'daily', windowEnd: new Date() });
    expect(await mailsTo(reader.email)).toHaveLength(1);
    expect(await deleteAccount({ userId: reader.userId, currentPassword: reader.password, ip: '192.0.2.1' })).toMatchObject({ ok: true });
    expect(await db().select().from(notifications).where(eq(notifications.userId, reader.userId))).toEqual([]);
    expect(await mailsTo(reader.email)).toEqual([]);
  });
});

describe('the runs at 8:00', () => {
  it('lets one process claim a slot, takes up a run whose lease ended, and runs a missed slot once', async () => {
    const now = new Date();
    await db()
      .update(scheduledJobs)
      .set({ slot: new Date(0), previousSlot: new Date(0), finishedAt: new Date(0), leaseUntil: null });
    const claims = await Promise.all([claimJobRun('digest-daily', now), claimJobRun('digest-daily', now)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const run = claims.find(Boolean)!;
    // Several days were missed: one run, for the latest slot.
    expect(now.getTime() - run.slot.getTime()).toBeLessThan(24 * 60 * 60_000);
    expect(run.previousSlot.getTime()).toBe(0);
    // Its process died holding it: nobody takes it within the lease, anybody after.
    expect(await claimJobRun('digest-daily', now)).toBeNull();
    const later = new Date(now.getTime() + 3 * 60_000);
    const taken = await claimJobRun('digest-daily', later);
    expect(taken).toMatchObject({ slot: run.slot, previousSlot: run.previousSlot });
    await runClaimedJob(taken!);
    expect(await claimJobRun('digest-daily', later)).toBeNull();
    // The next day's slot; its window starts at this one.
    const tomorrow = new Date(run.slot.getTime() + 24 * 60 * 60_000 + 60_000);
    expect(await claimJobRun('digest-daily', tomorrow)).toMatchObject({ previousSlot: run.slot });
  });

  it('runs the jobs by hand with the same rules', async () => {
    const { reader } = await publishedForAFollower();
    expect((await runJobNow('digest')).emails).toBeGreaterThanOrEqual(1);
    expect((await runJobNow('digest')).emails).toBe(0);
    expect(await mailsTo(reader.email)).toHaveLength(1);
    expect(await runJobNow('reminders')).toMatchObject({ batches: expect.any(Number) });
    const [pending] = await selectRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'new_post' AND digested_at IS NULL`,
    );
    expect(pending!.n).toBe(0);
  });
});
