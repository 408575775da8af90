// Issue 30: post lists and ES question searches are kept a few seconds (docs/decisions/
// 073-post-lists-kept.md), and a post unpublished, or published, by anyone (here by hand in SQL, as
// another process or an operator would) leaves or joins every list as soon as the change is heard.
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changesHeard } from '../../app/db/changes.server';
import { db } from '../../app/db/client.server';
import { ENTRY_SHEET_SCOPE, INTERN_EXPERIENCE_SCOPE } from '../../app/features/posts/list-filters';
import { forgetPostLists, loadPostList } from '../../app/features/posts/load-post-list.server';
import { createCompany, createStudent, industryIdOf, publishPost } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';
import { statementsDuring } from '../support/statements';

setUpTestDatabase();

let companyId: number;
let authorId: number;

beforeAll(async () => {
  companyId = (await createCompany({ name: '株式会社一覧保持', industryId: industryIdOf('ソフトウェア') })).companyId;
  authorId = (await createStudent()).userId;
});

beforeEach(() => forgetPostLists());

/** How many statements `work` sends to the database. */
async function statements(work: () => Promise<unknown>): Promise<number> {
  return (await statementsDuring(work)).length;
}

const search = (q: string, extra = '') =>
  loadPostList({ scope: ENTRY_SHEET_SCOPE, url: new URL(`http://test.local/entry_sheets?q=${encodeURIComponent(q)}${extra}`) });
const internList = (extra = '') =>
  loadPostList({ scope: INTERN_EXPERIENCE_SCOPE, url: new URL(`http://test.local/intern_experiences?sort=new${extra}`) });
const foundPosts = async (q: string, extra = '') => (await search(q, extra)).questions?.hits.map((hit) => hit.postId) ?? [];

describe('kept post lists', () => {
  it('answer the same query again without a statement, whatever parameter no list reads', async () => {
    expect(await changesHeard()).toBe(true);
    await publishPost({
      type: 'screening_entry_sheet',
      authorId,
      companyId,
      content: { questions: [{ question: '学生時代に最も力を入れたことを教えてください。', answer: '部活動です。' }] },
    });
    await changesHeard();
    expect(await statements(() => search('力を入れた'))).toBeGreaterThan(0);
    expect(await statements(() => search('力を入れた'))).toBe(0);
    expect(await statements(() => search('力を入れた', '&r=12345'))).toBe(0);
    expect(await statements(() => internList())).toBeGreaterThan(0);
    expect(await statements(() => internList('&utm_source=x'))).toBe(0);
  });

  it('never serve a post once its unpublication is heard, and show a new one once its publication is', async () => {
    await changesHeard();
    const { postId } = await publishPost({
      type: 'screening_entry_sheet',
      authorId,
      companyId,
      content: { questions: [{ question: '当社で挑戦したい仕事を教えてください。', answer: '新規事業です。' }] },
    });
    const intern = (await publishPost({ type: 'intern_experience', authorId, companyId })).postId;
    await changesHeard();
    expect(await foundPosts('挑戦したい仕事')).toEqual([postId]);
    expect((await internList()).list?.posts.map((post) => post.id)).toContain(intern);

    // Unpublished by hand, as a moderator on another server or an operator in psql would.
    await db().execute(sql`UPDATE posts SET status = 'rejected' WHERE id IN (${postId}, ${intern})`);
    await changesHeard();
    expect(await foundPosts('挑戦したい仕事')).toEqual([]);
    expect((await internList()).list?.posts.map((post) => post.id)).not.toContain(intern);

    // Published again: in the kept lists at once.
    await db().execute(sql`UPDATE posts SET status = 'published' WHERE id IN (${postId}, ${intern})`);
    await changesHeard();
    expect(await foundPosts('挑戦したい仕事')).toEqual([postId]);
    expect((await internList()).list?.posts.map((post) => post.id)).toContain(intern);
  });

  it('are not ended by what no list order depends on at once (a useful vote), and are by a company renamed', async () => {
    await changesHeard();
    const intern = (await publishPost({ type: 'intern_experience', authorId, companyId })).postId;
    await changesHeard();
    await internList();
    await db().execute(sql`UPDATE posts SET useful_count = useful_count + 1 WHERE id = ${intern}`);
    await changesHeard();
    expect(await statements(() => internList())).toBe(0);
    await db().execute(sql`UPDATE companies SET name = '株式会社一覧保持（新社名）' WHERE id = ${companyId}`);
    await changesHeard();
    expect(await statements(() => internList())).toBeGreaterThan(0);
  });

  it('count a list once for all its pages and orders, and again once a publication is heard', async () => {
    await changesHeard();
    const first = (await publishPost({ type: 'intern_experience', authorId, companyId })).postId;
    await changesHeard();
    const filtered = (extra: string) =>
      loadPostList({
        scope: INTERN_EXPERIENCE_SCOPE,
        url: new URL(`http://test.local/intern_experiences?industry=${industryIdOf('ソフトウェア')}${extra}`),
      });
    // The list's count (the facets, kept a minute of their own, count too, but not AS capped).
    const counts = (sent: string[]) => sent.filter((statement) => statement.includes('AS capped')).length;
    const before = (await filtered('&sort=new')).list!;
    expect(before.posts.map((post) => post.id)).toContain(first);
    // Another page and another order of the same filters: the page is read, the count is not.
    const otherPage = await statementsDuring(() => filtered('&sort=new&page=2'));
    expect(otherPage.length).toBeGreaterThan(0);
    expect(counts(otherPage)).toBe(0);
    expect(counts(await statementsDuring(() => filtered('&sort=useful')))).toBe(0);
    expect((await filtered('&sort=useful')).list!.total).toBe(before.total);
    // Other filters have a count of their own.
    expect(counts(await statementsDuring(() => filtered('&sort=new&year=2025')))).toBe(1);

    // A post published is counted on the next page read, once its publication is heard.
    const second = (await publishPost({ type: 'intern_experience', authorId, companyId })).postId;
    await changesHeard();
    const after = await statementsDuring(async () => {
      const list = (await filtered('&sort=useful&page=2')).list!;
      expect(list.total).toBe(before.total + 1);
    });
    expect(counts(after)).toBe(1);
    expect((await filtered('&sort=new')).list!.posts.map((post) => post.id)).toContain(second);
  });
});
