// Issue 15: a GET writes nothing when nothing changes. A student's page views (the shared company
// page with its personal call, the post page rendered for the session) are counted statement by
// statement; the first view that earns a badge writes it, once, also when another process (or
// 20 concurrent requests) got there first.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, observeStatements } from '../../app/db/client.server';
import { badgeGrants, sessions } from '../../app/db/schema';
import { answerPersonalCall, viewedCompanyId } from '../../app/features/personal/answer-personal-call.server';
import { forgetHeldBadges } from '../../app/features/badges/record-view.server';
import { isMemberSession } from '../../app/features/accounts/membership.server';
import { updateMatchConditions } from '../../app/features/accounts/update-match-conditions.server';
import { changesHeard } from '../../app/db/changes.server';
import { forgetPersonalRows } from '../../app/features/accounts/personal-rows.server';
import { deleteSession } from '../../app/features/accounts/sessions.server';
import { flushCompanyViews } from '../../app/features/recommendations/record-company-view.server';
import * as root from '../../app/root';
import * as companyRoute from '../../app/routes/company';
import * as homeRoute from '../../app/routes/home';
import * as postRoute from '../../app/routes/post';
import { runRouteHandler } from '../../server/route-errors';
import { sessionRequest } from '../support/call-route';
import {
  createCompany,
  createLoggedInStudent,
  createStudent,
  favoriteCompany,
  industryIdOf,
  prefectureIdOf,
  publishPost,
} from '../factories';
import { setUpTestDatabase } from '../setup/test-database';
import { statementsDuring } from '../support/statements';
import { NO_PERSONAL_PARTS } from '../../app/lib/personal-parts';

let companyId: number;
let postId: number;

const FIRST_COMPANY_VIEW = 103;
const FIRST_INTERN_EXPERIENCE_VIEW = 206;

setUpTestDatabase();

beforeAll(async () => {
  companyId = (await createCompany({ name: '株式会社青葉システムズ', kana: 'アオバシステムズ' })).companyId;
  const author = await createStudent();
  // A long overview: visitors get its first 100 characters, members all of it.
  const overview = '3日間のグループワークで新規事業を立案し、最終日に役員の前で発表しました。'.repeat(5);
  postId = (await publishPost({ type: 'intern_experience', authorId: author.userId, companyId, content: { overview } })).postId;
});

beforeEach(() => {
  // A new process: it knows no student's badges or sessions yet.
  forgetHeldBadges();
  forgetPersonalRows();
});

/** Runs a route's loader as the server does, with a load context. */
function load(module: { loader: (args: never) => unknown }, request: Request, params: Record<string, string>, context = {}) {
  return runRouteHandler(module.loader as (args: unknown) => unknown, { request, params, context });
}

/** One company page as a student's browser gets it: the shared page (rendered for nobody) and the personal call. */
async function viewCompanyPage(sessionId: string) {
  const shared = sessionRequest(`/companies/${companyId}`, { sessionId: null });
  await load(root, shared, {}, { sharedPage: true });
  await load(companyRoute, shared, { companyId: String(companyId) }, { sharedPage: true });
  return answerPersonalCall({ sessionId, page: `/companies/${companyId}` });
}

/** One post page as a member's browser gets it: the members' shared page and the personal call. */
async function viewPostPage(sessionId: string) {
  const shared = sessionRequest(`/intern_experiences/${postId}`, { sessionId: null });
  const audience = (await isMemberSession(sessionId)) ? 'member' : 'visitor';
  await load(root, shared, {}, { sharedPage: true, audience });
  await load(postRoute, shared, { postId: String(postId) }, { sharedPage: true, audience });
  return answerPersonalCall({ sessionId, page: `/intern_experiences/${postId}` });
}

/** The statements of `work` that change data. The view counter's batch flush is left out: it runs on its own timer, once per 5 s, not per view. */
async function writesDuring(work: () => Promise<unknown>): Promise<string[]> {
  return (await statementsDuring(work)).filter(
    (s) => /^\s*(?:insert|update|delete|merge|truncate)\b/i.test(s) && !/company_view_days/.test(s),
  );
}

const grantsOf = (userId: number, badgeKindId: number) =>
  db()
    .select()
    .from(badgeGrants)
    .where(and(eq(badgeGrants.userId, userId), eq(badgeGrants.badgeKindId, badgeKindId)));

describe('a GET writes nothing when nothing changes', () => {
  it('50 company page views and 50 post page views by a student who holds their badges: no INSERT, UPDATE or DELETE', async () => {
    const student = await createLoggedInStudent();
    await favoriteCompany({ userId: student.userId, companyId });
    // The first views earn 103 and 206: the only writes.
    const first = await writesDuring(async () => {
      await viewCompanyPage(student.sessionId);
      await viewPostPage(student.sessionId);
    });
    expect(first).toHaveLength(2);
    expect(first.every((s) => /insert into "badge_grants"/i.test(s))).toBe(true);
    expect(await grantsOf(student.userId, FIRST_COMPANY_VIEW)).toHaveLength(1);
    expect(await grantsOf(student.userId, FIRST_INTERN_EXPERIENCE_VIEW)).toHaveLength(1);

    let answers: Awaited<ReturnType<typeof viewCompanyPage>>[] = [];
    const writes = await writesDuring(async () => {
      answers = [];
      for (let i = 0; i < 50; i++) {
        answers.push(await viewCompanyPage(student.sessionId));
        await viewPostPage(student.sessionId);
      }
    });
    expect(writes).toEqual([]);
    // The personal parts were right every time.
    for (const answer of answers) {
      expect(answer.viewer).toMatchObject({ userId: student.userId, role: 'student' });
      expect(answer.csrfToken).toBe(student.csrfToken);
      expect(answer.favoriteCompanyIds).toEqual([companyId]);
    }
    await flushCompanyViews();
  });

  it('also in a new process that has never seen the student: it reads, it does not write', async () => {
    const student = await createLoggedInStudent();
    await viewCompanyPage(student.sessionId);
    await viewPostPage(student.sessionId);
    forgetHeldBadges();
    forgetPersonalRows();
    expect(await writesDuring(() => viewCompanyPage(student.sessionId))).toEqual([]);
    expect(await writesDuring(() => viewPostPage(student.sessionId))).toEqual([]);
  });

  it("finds a badge another process granted without writing, and this process's knowledge does not hide a new one", async () => {
    const student = await createLoggedInStudent();
    await viewPostPage(student.sessionId);
    // Another process grants 103 meanwhile (this one has just read the student's badges).
    await db().insert(badgeGrants).values({ userId: student.userId, badgeKindId: FIRST_COMPANY_VIEW });
    expect(await writesDuring(() => viewCompanyPage(student.sessionId))).toEqual([]);
    expect(await grantsOf(student.userId, FIRST_COMPANY_VIEW)).toHaveLength(1);
  });

  it('20 concurrent first views: one grant', async () => {
    const student = await createLoggedInStudent();
    await Promise.all(Array.from({ length: 20 }, () => viewCompanyPage(student.sessionId)));
    expect(await grantsOf(student.userId, FIRST_COMPANY_VIEW)).toHaveLength(1);
  });

  it("keeps the session's last-seen touch rate-limited: one UPDATE after the interval, then none", async () => {
    const student = await createLoggedInStudent();
    await viewCompanyPage(student.sessionId);
    await db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(sessions.userId, student.userId));
    const writes = await writesDuring(async () => {
      for (let i = 0; i < 10; i++) await viewCompanyPage(student.sessionId);
    });
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/update "sessions"/i);
  });
});

describe('the personal call', () => {
  it('tells a visitor, an unknown cookie and a student apart', async () => {
    const student = await createLoggedInStudent();
    expect(await answerPersonalCall({ sessionId: null, page: '/' })).toEqual(NO_PERSONAL_PARTS);
    expect(await answerPersonalCall({ sessionId: 'not-a-session', page: '/' })).toEqual(NO_PERSONAL_PARTS);
    const answer = await answerPersonalCall({ sessionId: student.sessionId, page: '/companies' });
    expect(answer.viewer?.userId).toBe(student.userId);
    // A page that is not a company page earns nothing.
    expect(await grantsOf(student.userId, FIRST_COMPANY_VIEW)).toHaveLength(0);
  });

  it('ends an expired session as every lookup does: nobody, and the row deleted', async () => {
    const student = await createLoggedInStudent();
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await answerPersonalCall({ sessionId: student.sessionId, page: '/', now: later })).toEqual(NO_PERSONAL_PARTS);
    expect(await db().select().from(sessions).where(eq(sessions.userId, student.userId))).toEqual([]);
  });

  it('earns nothing for a company that does not exist', async () => {
    const student = await createLoggedInStudent();
    await answerPersonalCall({ sessionId: student.sessionId, page: '/companies/999999' });
    expect(await grantsOf(student.userId, FIRST_COMPANY_VIEW)).toHaveLength(0);
  });

  it('reads the company of a company page path only', () => {
    expect(viewedCompanyId('/companies/12')).toBe(12);
    expect(viewedCompanyId('/companies/12/')).toBe(12);
    expect(viewedCompanyId('/companies/12/intern_experiences')).toBeNull();
    expect(viewedCompanyId('/companies/abc')).toBeNull();
    expect(viewedCompanyId(null)).toBeNull();
  });

  it('renders the shared company page the same for everyone: the loader reads no session', async () => {
    const student = await createLoggedInStudent();
    await favoriteCompany({ userId: student.userId, companyId });
    const asStudent = await load(companyRoute, sessionRequest(`/companies/${companyId}`, { sessionId: student.sessionId }), {
      companyId: String(companyId),
    });
    const asVisitor = await load(companyRoute, sessionRequest(`/companies/${companyId}`, { sessionId: null }), {
      companyId: String(companyId),
    });
    expect(JSON.stringify(asStudent)).toBe(JSON.stringify(asVisitor));
    expect(companyRoute.handle).toEqual({ sharedPage: true });
    await flushCompanyViews();
  });
});

describe('the post page, shared by audience', () => {
  const postOf = async (context: Record<string, unknown>, sessionId: string | null = null) =>
    (await load(postRoute, sessionRequest(`/intern_experiences/${postId}`, { sessionId }), { postId: String(postId) }, context)) as {
      truncated: boolean;
    };

  it('gives members the full text and visitors the excerpt, from the audience the server names', async () => {
    expect((await postOf({ sharedPage: true, audience: 'member' })).truncated).toBe(false);
    expect((await postOf({ sharedPage: true, audience: 'visitor' })).truncated).toBe(true);
    // Rendered for the session (a report sent without JavaScript): the session decides.
    const student = await createLoggedInStudent();
    expect((await postOf({}, student.sessionId)).truncated).toBe(false);
    expect((await postOf({})).truncated).toBe(true);
    expect(postRoute.handle).toEqual({ sharedPage: true, byAudience: true });
  });

  it('counts a live session with a user as a member, anything else as a visitor, and knows it from memory; an ended session at once', async () => {
    const student = await createLoggedInStudent();
    expect(await isMemberSession(student.sessionId)).toBe(true);
    expect(await isMemberSession(null)).toBe(false);
    expect(await isMemberSession('junk')).toBe(false);
    expect(await isMemberSession('a'.repeat(43))).toBe(false);
    // Known for a while: no statement at all.
    const statements: string[] = [];
    const stop = observeStatements((statement) => statements.push(statement));
    expect(await isMemberSession(student.sessionId)).toBe(true);
    stop();
    expect(statements).toEqual([]);
    await deleteSession({ id: student.sessionId });
    await changesHeard();
    expect(await isMemberSession(student.sessionId)).toBe(false);
  });

  it('earns the type badge of a post page through the personal call, and nothing for a post that is not published', async () => {
    const student = await createLoggedInStudent();
    await answerPersonalCall({ sessionId: student.sessionId, page: `/screening_experiences/${postId}` });
    expect(await grantsOf(student.userId, 207)).toHaveLength(0);
    await answerPersonalCall({ sessionId: student.sessionId, page: `/intern_experiences/${postId}` });
    expect(await grantsOf(student.userId, FIRST_INTERN_EXPERIENCE_VIEW)).toHaveLength(1);
  });
});

/**
 * A student whose favorite (`mineName`) someone else likes too, and that someone also likes
 * another company (`likedName`): the company recommended to the student.
 */
async function studentWithAPeer(mineName: string, likedName: string) {
  const student = await createLoggedInStudent();
  const peer = await createStudent();
  const mine = (await createCompany({ name: mineName })).companyId;
  const liked = (await createCompany({ name: likedName })).companyId;
  await favoriteCompany({ userId: student.userId, companyId: mine });
  await favoriteCompany({ userId: peer.userId, companyId: mine });
  await favoriteCompany({ userId: peer.userId, companyId: liked });
  return { student, mine, liked };
}

describe('the top page, shared (docs/decisions/069-shared-top-page.md)', () => {
  it('is the same page for everyone, and a student’s own recommendations come with its personal call only', async () => {
    const { student, mine, liked: shared } = await studentWithAPeer('株式会社お気に入り商事', '株式会社ともだち物産');

    const asStudent = await load(homeRoute, sessionRequest('/', { sessionId: student.sessionId }), {}, { sharedPage: true });
    const asVisitor = await load(homeRoute, sessionRequest('/', { sessionId: null }), {}, { sharedPage: true });
    expect(JSON.stringify(asStudent)).toBe(JSON.stringify(asVisitor));
    expect(homeRoute.handle).toEqual({ sharedPage: true });

    const top = await answerPersonalCall({ sessionId: student.sessionId, page: '/' });
    const ids = top.recommendedCompanies?.map((company) => company.id) ?? [];
    expect(ids).toContain(shared);
    expect(ids).not.toContain(mine);
    expect(top.recommendedCompanies?.find((company) => company.id === shared)).toMatchObject({ name: '株式会社ともだち物産' });
    // Any other page's call carries none, and a visitor gets nobody's.
    expect(await answerPersonalCall({ sessionId: student.sessionId, page: `/companies/${companyId}` })).not.toHaveProperty(
      'recommendedCompanies',
    );
    expect(await answerPersonalCall({ sessionId: student.sessionId, page: null })).not.toHaveProperty('recommendedCompanies');
    expect(await answerPersonalCall({ sessionId: null, page: '/' })).toEqual(NO_PERSONAL_PARTS);
    await flushCompanyViews();
  });
  it('keeps a student’s recommendations a minute, and a favorite or new match conditions of their own change them at the next call', async () => {
    await changesHeard();
    const { student, liked } = await studentWithAPeer('株式会社はじめ工業', '株式会社となり電機');
    await changesHeard();
    const recommended = async () =>
      ((await answerPersonalCall({ sessionId: student.sessionId, page: '/' })).recommendedCompanies ?? []).map((company) => company.id);
    expect(await recommended()).toContain(liked);
    // Made once, then kept: no statement reads favorites for the next call.
    const statements: string[] = [];
    const stop = observeStatements((statement) => statements.push(statement));
    expect(await recommended()).toContain(liked);
    stop();
    expect(statements.filter((statement) => statement.includes('co_favorites'))).toEqual([]);
    // The student favorites the recommended company: it is not recommended any more.
    await favoriteCompany({ userId: student.userId, companyId: liked });
    await changesHeard();
    expect(await recommended()).not.toContain(liked);
    // New match conditions: a company of that prefecture comes first among the matches.
    const okinawa = (
      await createCompany({ name: '株式会社みなみ観光', prefectureId: prefectureIdOf('沖縄県'), industryId: industryIdOf('旅行・ホテル') })
    ).companyId;
    expect(await recommended()).not.toContain(okinawa);
    await updateMatchConditions({
      userId: student.userId,
      industryIds: [industryIdOf('旅行・ホテル')],
      prefectureIds: [prefectureIdOf('沖縄県')],
    });
    await changesHeard();
    expect(await recommended()).toContain(okinawa);
  });
});
