import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, selectRows } from '../../app/db/client.server';
import { badgeGrants, trackerEntries } from '../../app/db/schema';
import * as acquireRoute from '../../app/routes/api/badges-acquire';
import * as displayRoute from '../../app/routes/api/badges-display-acquired';
import { callRoute, sessionRequest } from '../support/call-route';
import { backfillBadges } from '../../app/features/badges/backfill-badges.server';
import { isAppError } from '../../app/lib/app-error';
import { BADGE_KIND_COUNT } from '../../app/features/badges/catalog';
import { grantBadges } from '../../app/features/badges/grant-badges.server';
import { listBadgeStatus } from '../../app/features/badges/list-badge-status.server';
import { listUndisplayedBadges } from '../../app/features/badges/list-undisplayed-badges.server';
import { markBadgesDisplayed } from '../../app/features/badges/mark-badges-displayed.server';
import { recordActivity } from '../../app/features/badges/record-activity.server';
import {
  clipPost,
  createCompany,
  createLoggedInStudent,
  createModerator,
  createStudent,
  favoriteCompany,
  forgetBadgeGrants,
  industryIdOf,
  payReward,
  publishPost,
  saveDraft,
  submitPost,
  trackCompany,
  voteUseful,
} from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

let industryId: number;
let companyId: number;

async function grantsOf(userId: number) {
  return db().select().from(badgeGrants).where(eq(badgeGrants.userId, userId)).orderBy(badgeGrants.badgeKindId);
}

setUpTestDatabase();

beforeAll(async () => {
  industryId = industryIdOf('ソフトウェア');
  ({ companyId } = await createCompany({ name: '株式会社バッジテスト', kana: 'バッジテスト', industryId, prefectureId: 13 }));
});

describe('grantBadges', () => {
  it('returns only the newly granted ids and is safe to repeat', async () => {
    const { userId } = await createStudent();
    expect(await grantBadges({ userId, badgeKindIds: [106, 101, 106] })).toEqual([101, 106]);
    expect(await grantBadges({ userId, badgeKindIds: [101, 106] })).toEqual([]);
    expect(await grantBadges({ userId, badgeKindIds: [101, 102] })).toEqual([102]);
    expect((await grantsOf(userId)).map((row) => row.badgeKindId)).toEqual([101, 102, 106]);
    expect(await grantBadges({ userId, badgeKindIds: [] })).toEqual([]);
  });

  it('refuses badge kinds that are not in the catalog', async () => {
    const { userId } = await createStudent();
    await expect(grantBadges({ userId, badgeKindIds: [101, 999] })).rejects.toSatisfy((error) => isAppError(error, 'unknown_badge_kind'));
    expect(await grantsOf(userId)).toEqual([]);
  });

  it('grants a badge once under 50 concurrent grants', async () => {
    const { userId } = await createStudent();
    const results = await Promise.all(Array.from({ length: 50 }, () => grantBadges({ userId, badgeKindIds: [106] })));
    expect(results.flat()).toEqual([106]);
    expect(await grantsOf(userId)).toHaveLength(1);
  });

  it('grants once under 50 concurrent recorded activities, each in its own transaction', async () => {
    const { userId } = await createStudent();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        db().transaction((tx) => recordActivity({ tx, userId, activity: { type: 'company_viewed', companyId } })),
      ),
    );
    expect(results.flat()).toEqual([103]);
    expect(await grantsOf(userId)).toHaveLength(1);
  });
});

describe('recordActivity', () => {
  it('grants what the rules say and nothing twice', async () => {
    const { userId } = await createStudent();
    expect(await recordActivity({ userId, activity: { type: 'post_viewed', postType: 'intern_experience' } })).toEqual([206]);
    expect(await recordActivity({ userId, activity: { type: 'post_viewed', postType: 'intern_experience' } })).toEqual([]);
    expect(await recordActivity({ userId, activity: { type: 'post_viewed', postType: 'recruit_service_review' } })).toEqual([]);
    expect(await recordActivity({ userId, activity: { type: 'match_conditions_saved', industryCount: 0, prefectureCount: 0 } })).toEqual(
      [],
    );
  });

  it('grants nothing when the caller rolls its transaction back', async () => {
    const { userId } = await createStudent();
    await expect(
      db().transaction(async (tx) => {
        expect(await recordActivity({ tx, userId, activity: { type: 'registration_completed' } })).toEqual([101]);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await grantsOf(userId)).toEqual([]);
  });

  it('counts submitted posts for 410 from the third one', async () => {
    const { userId } = await createStudent();
    // Each submission reports post_submitted through recordActivity, which counts the student's
    // submitted posts (this one included) for 410.
    const submit = async (type: 'intern_experience' | 'company_study' | 'student_word_mouth') =>
      (await submitPost({ authorId: userId, type, companyId })).newBadgeKindIds;
    // A draft is not a submission.
    await saveDraft({ authorId: userId, type: 'intern_experience', companyId });
    expect(await submit('intern_experience')).toEqual([404, 409]);
    expect(await submit('company_study')).toEqual([407]);
    expect(await submit('student_word_mouth')).toEqual([406, 410]);
  });
});

describe('the popup calls', () => {
  it('lists undisplayed badges in acquisition order with name, icon and color', async () => {
    const { userId } = await createStudent();
    await db()
      .insert(badgeGrants)
      .values([
        { userId, badgeKindId: 106, acquiredAt: new Date('2025-05-02T00:00:00Z') },
        { userId, badgeKindId: 101, acquiredAt: new Date('2025-05-03T00:00:00Z') },
        { userId, badgeKindId: 308, acquiredAt: new Date('2025-05-01T00:00:00Z'), displayedAt: new Date() },
      ]);
    expect(await listUndisplayedBadges({ userId })).toEqual([
      { id: 106, name: 'はじめてのお気に入り', icon: 'heart', color: 'bronze' },
      { id: 101, name: '会員登録完了', icon: 'sk', color: 'bronze' },
    ]);
  });

  it('marks only the caller’s own badges as displayed', async () => {
    const { userId: alice } = await createStudent();
    const { userId: bob } = await createStudent();
    await grantBadges({ userId: alice, badgeKindIds: [101, 106] });
    await grantBadges({ userId: bob, badgeKindIds: [101, 104] });

    // Bob sends Alice's ids and ids he does not hold: nothing of Alice's changes.
    expect(await markBadgesDisplayed({ userId: bob, badgeKindIds: [106, 999, -1] })).toEqual([]);
    expect((await grantsOf(alice)).every((row) => row.displayedAt === null)).toBe(true);
    expect((await grantsOf(bob)).every((row) => row.displayedAt === null)).toBe(true);

    expect(await markBadgesDisplayed({ userId: bob, badgeKindIds: [101, 104, 106] })).toEqual([101, 104]);
    expect((await grantsOf(alice)).every((row) => row.displayedAt === null)).toBe(true);
    expect(await listUndisplayedBadges({ userId: bob })).toEqual([]);
    expect((await listUndisplayedBadges({ userId: alice })).map((badge) => badge.id)).toEqual([101, 106]);
    // Marking again is harmless.
    expect(await markBadgesDisplayed({ userId: bob, badgeKindIds: [101] })).toEqual([]);
  });

  it('answers GET acquire and POST display_acquired as docs/product/calls.md#badge-calls asks', async () => {
    const { userId, sessionId } = await createLoggedInStudent();
    const { userId: other, sessionId: otherSession } = await createLoggedInStudent();
    await grantBadges({ userId, badgeKindIds: [106] });
    await grantBadges({ userId: other, badgeKindIds: [106] });

    const acquire = (session: string | null) =>
      callRoute(acquireRoute, sessionRequest('/api/v1/student/badges/acquire', { sessionId: session }));
    const display = (session: string | null, body: string, type = 'application/json') =>
      callRoute(
        displayRoute,
        sessionRequest('/api/v1/student/badges/display_acquired', { sessionId: session, method: 'POST', body, type }),
      );

    expect((await acquire(null)).status).toBe(401);
    const acquired = await acquire(sessionId);
    expect(acquired.status).toBe(200);
    expect(acquired.headers.get('Cache-Control')).toBe('no-store');
    expect(await acquired.json()).toEqual({ badge_kinds: [{ id: 106, name: 'はじめてのお気に入り', icon: 'heart', color: 'bronze' }] });

    expect((await display(null, '{}')).status).toBe(401);
    expect((await display(sessionId, '{"badge_kind_ids":"106"}')).status).toBe(422);
    expect((await display(sessionId, '{not json')).status).toBe(400);
    expect((await display(sessionId, 'x', 'text/plain')).status).toBe(422);
    expect(await listUndisplayedBadges({ userId })).toHaveLength(1);

    const marked = await display(sessionId, JSON.stringify({ authenticity_token: 't', badge_kind_ids: [106, 101] }));
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ badge_kind_ids: [106] });
    expect(await (await acquire(sessionId)).json()).toEqual({ badge_kinds: [] });
    expect(await listUndisplayedBadges({ userId: other })).toHaveLength(1);

    // A plain form works too.
    const form = await display(otherSession, 'authenticity_token=t&badge_kind_ids%5B%5D=106', 'application/x-www-form-urlencoded');
    expect(await form.json()).toEqual({ badge_kind_ids: [106] });
  });
});

describe('listBadgeStatus', () => {
  it('shows a visitor every badge in gray', async () => {
    const status = await listBadgeStatus({ userId: null });
    expect(status.viewer).toBe('visitor');
    expect(status.acquiredCount).toBe(0);
    expect(status.totalCount).toBe(BADGE_KIND_COUNT);
    expect(status.series.map((series) => series.label)).toEqual(['基本', '閲覧', '就活状況', '投稿']);
    expect(status.series.flatMap((series) => series.badges).every((badge) => badge.acquiredAt === null)).toBe(true);
  });

  it('shows a student their badges with the acquisition date', async () => {
    const { userId } = await createStudent();
    await db()
      .insert(badgeGrants)
      .values({ userId, badgeKindId: 106, acquiredAt: new Date('2025-04-01T03:00:00Z') });
    const status = await listBadgeStatus({ userId });
    expect(status.viewer).toBe('student');
    expect(status.acquiredCount).toBe(1);
    const basic = status.series.find((series) => series.key === 'basic')!;
    expect(basic.acquiredCount).toBe(1);
    expect(basic.totalCount).toBe(6);
    expect(basic.badges.find((badge) => badge.id === 106)?.acquiredAt).toBe('2025-04-01T03:00:00.000Z');
    expect(basic.badges.find((badge) => badge.id === 101)?.acquiredAt).toBeNull();
  });
});

describe('backfillBadges', () => {
  it('grants what stored activity earns, dated when it happened, once', async () => {
    const registeredAt = new Date('2025-03-01T00:00:00Z');
    const { userId: student } = await createStudent({
      profile: { name: '山田花子', completedAt: registeredAt },
      matchConditions: { industryIds: [industryId] },
    });
    const { userId: reader } = await createStudent({ profile: { completedAt: registeredAt } });
    const { userId: moderator } = await createModerator({ profile: { completedAt: registeredAt } });
    const { userId: untouched } = await createStudent();
    const { companyId: other } = await createCompany({ name: '株式会社バックフィル', kana: 'バックフィル', industryId, prefectureId: 13 });

    await favoriteCompany({ userId: student, companyId, at: new Date('2025-03-05T00:00:00Z') });
    await favoriteCompany({ userId: student, companyId: other, at: new Date('2025-03-02T00:00:00Z') });
    // The student's own posts: three submitted (one published), one draft.
    const { postId: published } = await publishPost({
      authorId: student,
      type: 'company_study',
      companyId,
      submittedAt: new Date('2025-03-10T00:00:00Z'),
      publishedAt: new Date('2025-03-12T00:00:00Z'),
    });
    await submitPost({
      authorId: student,
      type: 'student_word_mouth',
      companyId,
      status: 'rejected',
      submittedAt: new Date('2025-03-11T00:00:00Z'),
    });
    await submitPost({ authorId: student, type: 'intern_experience', companyId, submittedAt: new Date('2025-03-13T00:00:00Z') });
    await saveDraft({ authorId: student, type: 'jobhunt_prompt_report', companyId });
    await payReward({ userId: student, postId: published, postType: 'company_study' });
    // The student clips someone else's post and the reader clips and votes the student's.
    const { postId: readersPost } = await publishPost({
      authorId: reader,
      type: 'screening_entry_sheet',
      companyId,
      submittedAt: new Date('2025-03-01T00:00:00Z'),
      publishedAt: new Date('2025-03-02T00:00:00Z'),
    });
    await clipPost({ userId: student, postId: readersPost, at: new Date('2025-03-20T00:00:00Z') });
    await clipPost({ userId: reader, postId: published, at: new Date('2025-03-21T00:00:00Z') });
    await voteUseful({ userId: reader, postId: published, at: new Date('2025-03-22T00:00:00Z') });
    await trackCompany({ userId: student, companyId, category: 'intern', status: 'intern_participated' });
    await trackCompany({ userId: student, companyId: other, category: 'recruit', status: 'passed_first_interview' });
    // All of that earned badges as it happened. Forget them, as if the data predated the badge
    // engine: the case the backfill is for.
    await forgetBadgeGrants({ userIds: [student, reader, moderator, untouched] });
    // A badge the student already has keeps its date and shown state.
    const earlier = new Date('2025-01-01T00:00:00Z');
    await db().insert(badgeGrants).values({ userId: student, badgeKindId: 106, acquiredAt: earlier, displayedAt: earlier });

    const summary = await backfillBadges({ batchSize: 2 });
    expect(summary.students).toBeGreaterThanOrEqual(4);

    const rows = await grantsOf(student);
    expect(rows.map((row) => row.badgeKindId)).toEqual([
      101, 102, 104, 106, 301, 304, 305, 306, 404, 406, 407, 409, 410, 411, 412, 413, 414,
    ]);
    const byId = new Map(rows.map((row) => [row.badgeKindId, row]));
    expect(byId.get(101)?.acquiredAt.toISOString()).toBe(registeredAt.toISOString());
    expect(byId.get(106)?.acquiredAt.toISOString()).toBe(earlier.toISOString());
    expect(byId.get(106)?.displayedAt?.toISOString()).toBe(earlier.toISOString());
    expect(byId.get(409)?.acquiredAt.toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(byId.get(410)?.acquiredAt.toISOString()).toBe('2025-03-13T00:00:00.000Z');
    expect(byId.get(412)?.acquiredAt.toISOString()).toBe('2025-03-12T00:00:00.000Z');
    expect(byId.get(413)?.acquiredAt.toISOString()).toBe('2025-03-21T00:00:00.000Z');
    // A clip proves no view (clips are made from lists too): no 205 for the post clipped.
    expect(byId.has(205)).toBe(false);
    // New grants wait for the popup.
    expect(byId.get(101)?.displayedAt).toBeNull();

    // The reader clipped and voted (which proves no view), published one post, which the
    // student clipped.
    expect((await grantsOf(reader)).map((row) => row.badgeKindId)).toEqual([101, 104, 105, 403, 409, 412, 413]);
    expect(await grantsOf(moderator)).toEqual([]);
    expect(await grantsOf(untouched)).toEqual([]);

    const again = await backfillBadges();
    expect(again.granted).toBe(0);
  });

  it('grants 入社予定先の登録 for the company the demo data marks 入社予定', async () => {
    const { userId } = await createStudent();
    const { trackerEntryId } = await trackCompany({ userId, companyId, category: 'recruit', status: 'job_offer' });
    await forgetBadgeGrants({ userIds: [userId] });
    // The demo data marks a 2026 graduate's chosen offer (app/features/demo/generate-activity.ts);
    // no operation of the site sets will_enter, so it is stored here as the demo stores it.
    await db().update(trackerEntries).set({ willEnter: true }).where(eq(trackerEntries.id, trackerEntryId));
    await backfillBadges();
    expect((await grantsOf(userId)).map((row) => row.badgeKindId)).toEqual([302, 303, 305, 306, 307, 308]);
  });

  it('can grant silently', async () => {
    const { userId } = await createStudent({ profile: true });
    // Completing the profile earned 101 already; forget it so that the backfill grants it.
    await forgetBadgeGrants({ userIds: [userId] });
    await backfillBadges({ markDisplayed: true });
    const rows = await grantsOf(userId);
    expect(rows.map((row) => row.badgeKindId)).toEqual([101]);
    expect(rows[0]?.displayedAt).toBeInstanceOf(Date);
    const [count] = await selectRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM badge_grants WHERE user_id = ${userId} AND displayed_at IS NULL`,
    );
    expect(count?.n).toBe(0);
    expect(
      await db()
        .select()
        .from(badgeGrants)
        .where(and(eq(badgeGrants.userId, userId), eq(badgeGrants.badgeKindId, 999))),
    ).toEqual([]);
  });
});
