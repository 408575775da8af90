// Issue 16: clips and 参考になった votes, post lists that filter and sort, and the search of entry
// sheets by question, against a real database (PGlite, or PostgreSQL with DATABASE_URL).
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, selectRows } from '../../app/db/client.server';
import { badgeGrants, clips, postListings, posts, usefulVotes } from '../../app/db/schema';
import { listClips } from '../../app/features/post-reactions/list-clips.server';
import { setClip } from '../../app/features/post-reactions/set-clip.server';
import { setUsefulVote } from '../../app/features/post-reactions/set-useful-vote.server';
import { answerPersonalCall } from '../../app/features/personal/answer-personal-call.server';
import { lockSubmissionsOf } from '../../app/features/posting/submit-post.server';
import {
  companyListScope,
  ENTRY_SHEET_SCOPE,
  INTERN_EXPERIENCE_SCOPE,
  parsePostListQuery,
  type ListScope,
} from '../../app/features/posts/list-filters';
import { listPosts } from '../../app/features/posts/list-posts.server';
import { loadPostList } from '../../app/features/posts/load-post-list.server';
import { normalizeQuestionText, parseQuestionQuery, questionBigrams } from '../../app/features/posts/question-search';
import { searchEntrySheetQuestions } from '../../app/features/posts/search-entry-sheets.server';
import { isAppError } from '../../app/lib/app-error';
import * as clipRoute from '../../app/routes/api/post-clip';
import * as voteRoute from '../../app/routes/api/post-useful-vote';
import { callRoute, sessionRequest } from '../support/call-route';
import { createCompany, createLoggedInStudent, createStudent, industryIdOf, prefectureIdOf, publishPost } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

const badgesOf = async (userId: number) =>
  (await db().select({ id: badgeGrants.badgeKindId }).from(badgeGrants).where(eq(badgeGrants.userId, userId))).map((row) => row.id).sort();

setUpTestDatabase();

async function publishedBy(authorId: number, companyId?: number) {
  return (await publishPost({ type: 'intern_experience', authorId, companyId })).postId;
}

describe('clips', () => {
  it('clip once under 50 concurrent calls: one row, 104 to the student and 413 to the author, once', async () => {
    const author = await createStudent();
    const reader = await createStudent();
    const postId = await publishedBy(author.userId);
    const authorBefore = await badgesOf(author.userId);
    const results = await Promise.all(Array.from({ length: 50 }, () => setClip({ userId: reader.userId, postId, clipped: true })));
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(results.flatMap((result) => result.newBadgeKindIds)).toEqual([104]);
    expect(await db().select().from(clips).where(eq(clips.userId, reader.userId))).toHaveLength(1);
    expect(await badgesOf(author.userId)).toEqual([...authorBefore, 413].sort());
    // Off and on again: no badge twice, for either of them.
    expect(await setClip({ userId: reader.userId, postId, clipped: false })).toMatchObject({ clipped: false, changed: true });
    expect(await setClip({ userId: reader.userId, postId, clipped: false })).toMatchObject({ clipped: false, changed: false });
    expect(await setClip({ userId: reader.userId, postId, clipped: true })).toEqual({ clipped: true, changed: true, newBadgeKindIds: [] });
    const second = await createStudent();
    await setClip({ userId: second.userId, postId, clipped: true });
    expect((await badgesOf(author.userId)).filter((id) => id === 413)).toHaveLength(1);
  });

  it('earns the author nothing for clipping their own post, and refuses posts that are not published', async () => {
    const author = await createStudent();
    const postId = await publishedBy(author.userId);
    await setClip({ userId: author.userId, postId, clipped: true });
    expect(await badgesOf(author.userId)).toContain(104);
    expect(await badgesOf(author.userId)).not.toContain(413);
    await db().update(posts).set({ status: 'rejected' }).where(eq(posts.id, postId));
    const reader = await createStudent();
    await expect(setClip({ userId: reader.userId, postId, clipped: true })).rejects.toSatisfy((error) =>
      isAppError(error, 'post_not_found'),
    );
    // Taking a clip off a post unpublished since still works.
    expect(await setClip({ userId: author.userId, postId, clipped: false })).toMatchObject({ changed: true });
  });

  it('lists a student’s clips newest first, grouped by content type, with the company', async () => {
    const author = await createStudent();
    const reader = await createStudent();
    const { companyId } = await createCompany({ name: '株式会社クリップ商事' });
    const intern = await publishedBy(author.userId, companyId);
    const es = (await publishPost({ type: 'screening_entry_sheet', authorId: author.userId, companyId })).postId;
    const later = (await publishPost({ type: 'intern_experience', authorId: author.userId, companyId })).postId;
    for (const [postId, at] of [
      [intern, '2026-01-01T00:00:00Z'],
      [es, '2026-01-02T00:00:00Z'],
      [later, '2026-01-03T00:00:00Z'],
    ] as const) {
      await setClip({ userId: reader.userId, postId, clipped: true });
      await db()
        .update(clips)
        .set({ createdAt: new Date(at) })
        .where(and(eq(clips.userId, reader.userId), eq(clips.postId, postId)));
    }
    const listed = await listClips({ userId: reader.userId });
    expect(listed.total).toBe(3);
    expect(listed.groups.map((group) => [group.type, group.posts.map((post) => post.id)])).toEqual([
      ['screening_entry_sheet', [es]],
      ['intern_experience', [later, intern]],
    ]);
    expect(listed.groups[0]!.posts[0]!.subjectName).toBe('株式会社クリップ商事');
    // Nobody else's clips.
    expect((await listClips({ userId: author.userId })).total).toBe(0);
  });
});

describe('参考になった votes', () => {
  it('50 concurrent identical votes make one vote, one count and one badge each for voter and author', async () => {
    const author = await createStudent();
    const voter = await createStudent();
    const postId = await publishedBy(author.userId);
    const results = await Promise.all(Array.from({ length: 50 }, () => setUsefulVote({ userId: voter.userId, postId, voted: true })));
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(results.every((result) => result.voted && result.usefulCount === 1)).toBe(true);
    expect(await db().select().from(usefulVotes).where(eq(usefulVotes.postId, postId))).toHaveLength(1);
    const [post] = await db().select({ n: posts.usefulCount }).from(posts).where(eq(posts.id, postId));
    const [listing] = await db().select({ n: postListings.usefulCount }).from(postListings).where(eq(postListings.postId, postId));
    expect([post!.n, listing!.n]).toEqual([1, 1]);
    expect(await badgesOf(voter.userId)).toEqual([105]);
    expect((await badgesOf(author.userId)).filter((id) => id === 414)).toHaveLength(1);
  });

  it('takes a vote back and gives it again without a second badge; many voters count up concurrently', async () => {
    const author = await createStudent();
    const postId = await publishedBy(author.userId);
    const voters = await Promise.all(Array.from({ length: 8 }, () => createStudent()));
    await Promise.all(voters.map((voter) => setUsefulVote({ userId: voter.userId, postId, voted: true })));
    expect((await setUsefulVote({ userId: voters[0]!.userId, postId, voted: false })).usefulCount).toBe(7);
    expect(await setUsefulVote({ userId: voters[0]!.userId, postId, voted: false })).toMatchObject({ changed: false, usefulCount: 7 });
    expect(await setUsefulVote({ userId: voters[0]!.userId, postId, voted: true })).toEqual({
      voted: true,
      changed: true,
      usefulCount: 8,
      newBadgeKindIds: [],
    });
    expect((await badgesOf(author.userId)).filter((id) => id === 414)).toHaveLength(1);
  });

  it('refuses a vote for one’s own post, and for a post that is not published', async () => {
    const author = await createStudent();
    const postId = await publishedBy(author.userId);
    await expect(setUsefulVote({ userId: author.userId, postId, voted: true })).rejects.toSatisfy((error) =>
      isAppError(error, 'own_post_vote'),
    );
    expect(await badgesOf(author.userId)).not.toContain(105);
    const voter = await createStudent();
    await expect(setUsefulVote({ userId: voter.userId, postId: 99_999_999, voted: true })).rejects.toSatisfy((error) =>
      isAppError(error, 'post_not_found'),
    );
  });

  it('takes a vote back from a post unpublished since, and its count is right when it is published again', async () => {
    const author = await createStudent();
    const postId = await publishedBy(author.userId);
    const voters = [await createStudent(), await createStudent()];
    for (const voter of voters) await setUsefulVote({ userId: voter.userId, postId, voted: true });
    await db().update(posts).set({ status: 'rejected' }).where(eq(posts.id, postId));
    await expect(setUsefulVote({ userId: voters[0]!.userId, postId, voted: true })).rejects.toSatisfy((error) =>
      isAppError(error, 'post_not_found'),
    );
    expect(await setUsefulVote({ userId: voters[0]!.userId, postId, voted: false })).toMatchObject({ changed: true, usefulCount: 1 });
    expect(await setUsefulVote({ userId: voters[0]!.userId, postId, voted: false })).toMatchObject({ changed: false, usefulCount: 1 });
    await db().update(posts).set({ status: 'published' }).where(eq(posts.id, postId));
    const [row] = await db().select({ usefulCount: posts.usefulCount }).from(posts).where(eq(posts.id, postId));
    expect(row?.usefulCount).toBe(1);
  });
});

// PGlite has one connection: only PostgreSQL runs two transactions at once.
describe.skipIf(!process.env.DATABASE_URL)('a vote beside the author’s own submission', () => {
  it('gives the author 414 without waiting for their submission in progress (no deadlock on the users row)', async () => {
    const author = await createStudent();
    const voter = await createStudent();
    const postId = await publishedBy(author.userId);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const submission = db().transaction(async (tx) => {
      await lockSubmissionsOf(tx, author.userId);
      locked();
      await held;
    });
    await isLocked;
    const vote = setUsefulVote({ userId: voter.userId, postId, voted: true });
    const outcome = await Promise.race([vote.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 3000))]);
    release();
    await submission;
    await vote;
    expect(outcome).toBe('done');
    expect(await badgesOf(author.userId)).toContain(414);
  });
});

describe('the clip and vote calls', () => {
  const call = (module: typeof clipRoute | typeof voteRoute, path: string, method: string, sessionId: string | null, postId: string) =>
    callRoute(module, sessionRequest(`/api/v1/student/posts/${postId}/${path}`, { sessionId, method }), { postId });

  it('answer JSON: 401 to visitors, 404 to unknown posts, 403 for one’s own post, 405 to GET, and the state after the call', async () => {
    const author = await createLoggedInStudent();
    const reader = await createLoggedInStudent();
    const postId = String(await publishedBy(author.userId));
    expect((await call(clipRoute, 'clip', 'PUT', null, postId)).status).toBe(401);
    for (const bad of ['99999999', 'abc', '0']) {
      const response = await call(voteRoute, 'useful_vote', 'PUT', reader.sessionId, bad);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'post_not_found' } });
    }
    const own = await call(voteRoute, 'useful_vote', 'PUT', author.sessionId, postId);
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ error: { code: 'own_post_vote', message: expect.stringContaining('ご自身の投稿') } });
    const get = await call(clipRoute, 'clip', 'GET', reader.sessionId, postId);
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('PUT, DELETE');
    const votes = await Promise.all(Array.from({ length: 10 }, () => call(voteRoute, 'useful_vote', 'PUT', reader.sessionId, postId)));
    expect(votes.every((response) => response.status === 200)).toBe(true);
    expect(await (await call(voteRoute, 'useful_vote', 'PUT', reader.sessionId, postId)).json()).toMatchObject({
      voted: true,
      useful_count: 1,
      changed: false,
    });
    expect(await (await call(clipRoute, 'clip', 'PUT', reader.sessionId, postId)).json()).toEqual({
      clipped: true,
      post_id: Number(postId),
      changed: true,
      new_badge_kind_ids: [104],
    });
    // The personal call of shared pages tells the buttons what the student did.
    const parts = await answerPersonalCall({ sessionId: reader.sessionId, page: '/entry_sheets' });
    expect(parts.clippedPostIds).toEqual([Number(postId)]);
    expect(parts.votedPostIds).toEqual([Number(postId)]);
    expect(await (await call(voteRoute, 'useful_vote', 'DELETE', reader.sessionId, postId)).json()).toMatchObject({
      voted: false,
      useful_count: 0,
    });
  });
});

describe('post lists', () => {
  let software: number;
  let bank: number;
  let alpha: number;
  let beta: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    software = industryIdOf('ソフトウェア');
    bank = industryIdOf('銀行');
    const tokyo = prefectureIdOf('東京都');
    alpha = (await createCompany({ name: '株式会社リスト工業', industryId: software, prefectureId: tokyo })).companyId;
    beta = (await createCompany({ name: 'リスト銀行株式会社', industryId: bank, prefectureId: tokyo })).companyId;
    const author = await createStudent();
    const day = (n: number) => new Date(Date.UTC(2030, 0, n));
    const add = async (name: string, companyId: number, content: Record<string, unknown>, n: number) => {
      ids[name] = (
        await publishPost({ type: 'intern_experience', authorId: author.userId, companyId, content, publishedAt: day(n) })
      ).postId;
    };
    await add('a2029summer', alpha, { year: 2029, season: 'summer', jobType: '技術職' }, 1);
    await add('a2029winter', alpha, { year: 2029, season: 'winter', jobType: '総合職' }, 2);
    await add('a2028summer', alpha, { year: 2028, season: 'summer', jobType: '技術職' }, 3);
    await add('b2029summer', beta, { year: 2029, season: 'summer', jobType: '総合職' }, 4);
    // Votes order the list by 参考になった: a2028summer 3, b2029summer 2, a2029summer 1.
    const voters = await Promise.all(Array.from({ length: 3 }, () => createStudent()));
    for (const [name, count] of [
      ['a2028summer', 3],
      ['b2029summer', 2],
      ['a2029summer', 1],
    ] as const) {
      for (const voter of voters.slice(0, count)) await setUsefulVote({ userId: voter.userId, postId: ids[name]!, voted: true });
    }
  });

  const list = async (scope: ListScope, search: string, companyId?: number) => {
    const query = parsePostListQuery(new URLSearchParams(search), scope);
    const page = await listPosts({ scope, query, companyId });
    // The newest posts of the test run: other tests publish posts dated now (earlier than 2030).
    return page.posts
      .filter((post) => Object.values(ids).includes(post.id))
      .map((post) => Object.entries(ids).find(([, id]) => id === post.id)![0]);
  };

  it('filters a company’s list by year, season and job type, newest first or by 参考になった', async () => {
    const scope = companyListScope('intern_experience');
    expect(await list(scope, '', alpha)).toEqual(['a2028summer', 'a2029winter', 'a2029summer']);
    expect(await list(scope, 'year=2029', alpha)).toEqual(['a2029winter', 'a2029summer']);
    expect(await list(scope, 'season=summer', alpha)).toEqual(['a2028summer', 'a2029summer']);
    expect(await list(scope, `job=${encodeURIComponent('技術職')}`, alpha)).toEqual(['a2028summer', 'a2029summer']);
    expect(await list(scope, 'sort=useful', alpha)).toEqual(['a2028summer', 'a2029summer', 'a2029winter']);
    expect(await list(scope, 'year=2027', alpha)).toEqual([]);
  });

  it('lists every company’s internship experiences with the industry filter', async () => {
    expect(await list(INTERN_EXPERIENCE_SCOPE, 'year=2029&season=summer')).toEqual(['b2029summer', 'a2029summer']);
    expect(await list(INTERN_EXPERIENCE_SCOPE, `industry=${software}&year=2029`)).toEqual(['a2029winter', 'a2029summer']);
    expect(await list(INTERN_EXPERIENCE_SCOPE, `industry=${bank}`)).toEqual(['b2029summer']);
    expect(await list(INTERN_EXPERIENCE_SCOPE, 'sort=useful&year=2029&season=summer')).toEqual(['b2029summer', 'a2029summer']);
  });

  it('follows the posts: an unpublished post leaves the list, a company moved to another industry takes its posts along', async () => {
    await db().update(posts).set({ status: 'rejected' }).where(eq(posts.id, ids.a2029winter!));
    expect(await list(companyListScope('intern_experience'), '', alpha)).toEqual(['a2028summer', 'a2029summer']);
    await db().execute(sql`UPDATE companies SET industry_id = ${bank} WHERE id = ${alpha}`);
    expect(await list(INTERN_EXPERIENCE_SCOPE, `industry=${software}`)).toEqual([]);
    expect(await list(INTERN_EXPERIENCE_SCOPE, `industry=${bank}&season=summer`)).toEqual(['b2029summer', 'a2028summer', 'a2029summer']);
  });

  it('keeps the page in range and counts at most 1,000', async () => {
    const scope = companyListScope('intern_experience');
    const page = await listPosts({ scope, query: parsePostListQuery(new URLSearchParams('page=99'), scope), companyId: beta });
    expect([page.page, page.pageCount, page.total, page.more]).toEqual([1, 1, 1, false]);
  });
});

describe('entry sheets by question', () => {
  const QUESTIONS = [
    '学生時代に力を入れたことを教えてください。',
    'あなたが学生時代に最も打ち込んだことは何ですか（400字以内）',
    'ガクチカを教えてください',
    '学生時代に力を入れて取り組んだことについて',
    '当社の志望動機を教えてください',
    '自己PRをしてください',
    'あなたの長所を教えてください',
  ];
  let companyId: number;
  let postId: number;

  beforeAll(async () => {
    companyId = (await createCompany({ name: '株式会社設問検索', industryId: industryIdOf('ソフトウェア') })).companyId;
    const author = await createStudent();
    postId = (
      await publishPost({
        type: 'screening_entry_sheet',
        authorId: author.userId,
        companyId,
        content: {
          questions: QUESTIONS.map((question, index) => ({
            question,
            answer: `回答${index + 1}です。`,
            ...(index === 0 ? { limit: 300 } : {}),
          })),
        },
      })
    ).postId;
  });

  const questionsFound = async (q: string) => {
    const search = parseQuestionQuery(q);
    const query = parsePostListQuery(new URLSearchParams({ q }), ENTRY_SHEET_SCOPE);
    const result = await searchEntrySheetQuestions({ scope: ENTRY_SHEET_SCOPE, query, search, companyId });
    return result;
  };

  it('finds ガクチカ questions phrased in every listed way, typed in hiragana, katakana, half-width or as the long phrase', async () => {
    const gakuchika = [1, 2, 3, 4];
    for (const q of ['ガクチカ', 'がくちか', 'ｶﾞｸﾁｶ', '学生時代に力を入れたこと', '学生時代に最も打ち込んだこと', ' ガクチカ　']) {
      const result = await questionsFound(q);
      expect(result.hits.map((hit) => hit.position).sort(), q).toEqual(gakuchika);
      expect(result.groups[0]).toMatchObject({ key: 'gakuchika', count: 4 });
    }
    expect((await questionsFound('自己ＰＲ')).hits.map((hit) => hit.position).sort()).toEqual([6, 7]);
    expect((await questionsFound('しぼうどうき')).hits.map((hit) => hit.position)).toEqual([5]);
  });

  it('marks the matched words in the question as written, with the limit set most often', async () => {
    const result = await questionsFound('がくちか');
    const hit = result.hits.find((item) => item.position === 2)!;
    expect(hit.question.filter((part) => part.match).map((part) => part.text)).toEqual(['学生時代に最も打ち込んだこと']);
    expect(hit.question.map((part) => part.text).join('')).toBe(QUESTIONS[1]);
    expect(hit).toMatchObject({ postId, companyId, charLimit: 400, limitWritten: true });
    expect(result.groups[0]!.limitRange).toEqual([300, 400]);
    expect(result.groups[0]!.phrasings.map((phrasing) => phrasing.text)).toContain('あなたが学生時代に最も打ち込んだことは何ですか');
  });

  it('asks at least two characters, and finds nothing for what no question says', async () => {
    expect(parseQuestionQuery('あ')).toBeNull();
    expect((await questionsFound('宇宙旅行の計画')).hits).toEqual([]);
    // LIKE's wildcards are searched as themselves.
    expect((await questionsFound('%%')).hits).toEqual([]);
  });

  it('shows a company’s ES posts, with a message, when the typed question is too short or only control characters', async () => {
    for (const q of ['あ', '\u0000\u0000']) {
      const url = new URL(`http://test.local/companies/${companyId}/screening_entry_sheet?q=${encodeURIComponent(q)}`);
      const data = await loadPostList({ scope: companyListScope('screening_entry_sheet'), url, companyId });
      expect(data.searching, q).toBe(false);
      expect(data.list?.posts.map((post) => post.id)).toEqual([postId]);
      // The company's questions by kind are still there, above the posts.
      expect(data.questions?.groups.length).toBeGreaterThan(0);
    }
    const short = await loadPostList({
      scope: companyListScope('screening_entry_sheet'),
      url: new URL(`http://test.local/companies/${companyId}/screening_entry_sheet?q=あ`),
      companyId,
    });
    expect(short.queryMessage).toBe('設問は2文字以上で探してください。');
  });

  it('normalises in SQL exactly as in TypeScript', async () => {
    const samples = [...QUESTIONS, 'ＡＢＣ ｶﾞｸﾁｶ　がくちか・「自己ＰＲ」（４００字）', 'Web/テスト; 100%!?', 'ゝゞゔ ㈱ ① Ⅻ'];
    for (const text of samples) {
      const [row] = await selectRows<{ key: string; pairs: number[] }>(
        sql`SELECT question_search_key(${text}) AS key, question_bigrams(question_search_key(${text})) AS pairs`,
      );
      expect(row!.key, text).toBe(normalizeQuestionText(text));
      expect(
        row!.pairs.map(Number).sort((a, b) => a - b),
        text,
      ).toEqual(questionBigrams(normalizeQuestionText(text)));
    }
  });
});
