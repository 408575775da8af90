import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '../../app/db/client.server';
import { getCompanyProfile } from '../../app/features/companies/get-company-profile.server';
import { refreshCompanyStats } from '../../app/features/companies/refresh-company-stats.server';
import { seedDemoData } from '../../app/features/demo/seed.server';
import { getPost } from '../../app/features/posts/get-post.server';
import { listCompanyPosts } from '../../app/features/posts/list-company-posts.server';
import { flushCompanyViews, recordCompanyView } from '../../app/features/recommendations/record-company-view.server';
import {
  listRecommendedCompanies,
  listRecommendedCompaniesForStudent,
} from '../../app/features/recommendations/list-recommended-companies.server';
import { resetCompanyCatalog } from '../../app/features/search/company-catalog.server';
import { getSiteTotals } from '../../app/features/search/get-site-totals.server';
import { searchCompanies, suggestCompanies } from '../../app/features/search/search-companies.server';
import { listSitemapEntries, listSitemapFiles } from '../../app/features/seo/sitemap.server';
import { openTestDatabase, type TestDatabase } from '../setup/test-database';

let testDb: TestDatabase;
const count = async (sql: string, params: unknown[] = []) =>
  Number((await database().query<{ n: number | string }>(sql, params))[0]?.n ?? 0);

beforeAll(async () => {
  testDb = await openTestDatabase();
  resetCompanyCatalog();
  await seedDemoData();
}, 120_000);
afterAll(async () => {
  resetCompanyCatalog();
  await testDb?.close();
});

describe('the read side on the demo data', () => {
  it('shows a company with counts and averages that match its published posts', async () => {
    const [busiest] = await database().query<{ company_id: number }>(
      `SELECT company_id FROM intern_experiences GROUP BY company_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const companyId = busiest!.company_id;
    const profile = (await getCompanyProfile({ companyId }))!;
    const published = await count(`SELECT count(*) AS n FROM posts WHERE company_id = $1 AND status = 'published'`, [companyId]);
    expect(Object.values(profile.postCounts).reduce((a, b) => a + b, 0)).toBe(published);
    const reports = await count(
      `SELECT count(*) AS n FROM intern_experiences ie JOIN posts p ON p.id = ie.post_id WHERE ie.company_id = $1 AND p.status = 'published'`,
      [companyId],
    );
    expect(profile.ratings.reportCount).toBe(reports);
    const [avg] = await database().query<{ a: string | number }>(
      `SELECT round(avg(rating_mentor)::numeric, 1) AS a FROM intern_experiences ie JOIN posts p ON p.id = ie.post_id WHERE ie.company_id = $1 AND p.status = 'published'`,
      [companyId],
    );
    expect(profile.ratings.averages.mentor).toBe(Number(avg!.a));
    for (const posts of Object.values(profile.latestPosts)) expect(posts.length).toBeLessThanOrEqual(3);
    expect(await getCompanyProfile({ companyId: 987654 })).toBeNull();
  });

  it('keeps the denormalised company numbers equal to a recount', async () => {
    await refreshCompanyStats();
    const mismatches = await count(`
      SELECT count(*) AS n FROM companies c
      WHERE c.published_post_count <> (SELECT count(*) FROM posts p WHERE p.company_id = c.id AND p.status = 'published')`);
    expect(mismatches).toBe(0);
    const totals = await getSiteTotals();
    expect(totals.publishedPosts).toBe(await count(`SELECT count(*) AS n FROM posts WHERE status = 'published'`));
    expect(totals.companies).toBe(await count(`SELECT count(*) AS n FROM companies`));
  });

  it('suggests at most 20 companies, names that start with the query first', async () => {
    const suggestions = await suggestCompanies({ companyName: 'ア', limit: 20 });
    expect(suggestions.length).toBe(20);
    const [first] = suggestions;
    expect(first).toMatchObject({ company_id: expect.any(Number), name: expect.any(String), pref_name: expect.any(String) });
    const [{ name, kana } = { name: '', kana: '' }] = await database().query<{ name: string; kana: string }>(
      `SELECT name, kana FROM companies WHERE id = $1`,
      [first!.company_id],
    );
    expect(kana.startsWith('ア') || name.replace(/株式会社/g, '').startsWith('ア')).toBe(true);
    expect(await suggestCompanies({ companyName: '　', limit: 20 })).toEqual([]);
  });

  it('finds companies by their reading typed in romaji, in any width and case (issue 18)', async () => {
    const byKana = await suggestCompanies({ companyName: 'ノヴァ', limit: 20 });
    expect(byKana.length).toBeGreaterThan(0);
    const names = byKana.map((company) => company.name);
    for (const typed of ['nova', 'NOVA', 'ｎｏｖａ', 'nov', 'noba']) {
      const found = (await suggestCompanies({ companyName: typed, limit: 20 })).map((company) => company.name);
      expect(found, typed).toEqual(expect.arrayContaining(names.slice(0, Math.min(names.length, 5))));
    }
    // The search page too, with every company the kana finds.
    const page = await searchCompanies({ keyword: 'ｎｏｖａ', sort: 'relevance', page: 1, perPage: 10_000 });
    const kanaPage = await searchCompanies({ keyword: 'ノヴァ', sort: 'relevance', page: 1, perPage: 10_000 });
    expect(page.total).toBeGreaterThanOrEqual(kanaPage.total);
    expect(page.companies.map((company) => company.id)).toEqual(expect.arrayContaining(kanaPage.companies.map((company) => company.id)));
    // Not romaji: nothing changes for kana and kanji.
    expect((await searchCompanies({ keyword: 'zzzq', sort: 'relevance', page: 1, perPage: 20 })).total).toBe(0);
  });

  it('filters, sorts and pages the search page', async () => {
    const all = await searchCompanies({ keyword: '', sort: 'kana', page: 1, perPage: 20 });
    expect(all.total).toBe(await count(`SELECT count(*) AS n FROM companies`));
    const kana = all.companies.map((c) => c.kana);
    expect([...kana].sort()).toEqual(kana);
    const tokyo = await searchCompanies({ keyword: '', prefectureId: 13, sort: 'posts', page: 1, perPage: 20 });
    expect(tokyo.total).toBe(await count(`SELECT count(*) AS n FROM companies WHERE prefecture_id = 13`));
    expect(tokyo.companies.every((c) => c.prefectureId === 13)).toBe(true);
    const counts = tokyo.companies.map((c) => c.publishedPostCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const beyond = await searchCompanies({ keyword: '', sort: 'posts', page: 999, perPage: 20 });
    expect(beyond.page).toBe(beyond.pageCount);
  });

  it('sorts the matches of a keyword as the whole list is sorted, page by page', async () => {
    const everyone = (await searchCompanies({ keyword: '', sort: 'posts', page: 1, perPage: 10_000 })).companies;
    for (const sort of ['posts', 'rating', 'kana'] as const) {
      const ordered = (await searchCompanies({ keyword: '', sort, page: 1, perPage: 10_000 })).companies;
      const matching = new Set((await searchCompanies({ keyword: 'ア', sort: 'relevance', page: 1, perPage: 10_000 })).companies);
      const expected = ordered.filter((company) => matching.has(company)).map((company) => company.id);
      expect(expected.length).toBeGreaterThan(20);
      const first = await searchCompanies({ keyword: 'ア', sort, page: 1, perPage: 20 });
      const second = await searchCompanies({ keyword: 'ア', sort, page: 2, perPage: 20 });
      expect(first.total).toBe(expected.length);
      expect([...first.companies, ...second.companies].map((company) => company.id)).toEqual(expected.slice(0, 40));
      const inIndustry = await searchCompanies({ keyword: 'ア', industryId: everyone[0]!.industryId, sort, page: 1, perPage: 10_000 });
      expect(inIndustry.companies.map((company) => company.id)).toEqual(
        ordered.filter((company) => matching.has(company) && company.industryId === everyone[0]!.industryId).map((company) => company.id),
      );
    }
  });

  it('pages a company post list and shows only published posts', async () => {
    const [row] = await database().query<{ company_id: number; n: number }>(
      `SELECT company_id, count(*)::int AS n FROM posts WHERE status = 'published' AND type = 'intern_experience' GROUP BY company_id ORDER BY n DESC LIMIT 1`,
    );
    const page = await listCompanyPosts({ companyId: row!.company_id, type: 'intern_experience', page: 1, perPage: 5 });
    expect(page.total).toBe(row!.n);
    expect(page.posts).toHaveLength(Math.min(5, row!.n));
    const [draft] = await database().query<{ id: number; type: string }>(`SELECT id, type FROM posts WHERE status <> 'published' LIMIT 1`);
    expect(await getPost({ postId: draft!.id, type: draft!.type as never })).toBeNull();
    const post = await getPost({ postId: page.posts[0]!.id, type: 'intern_experience' });
    // The nine ratings, read through the intern experience's type module.
    expect(post?.facts.ratings).toHaveLength(9);
    expect(post?.facts.ratings?.[0]).toMatchObject({ label: '総合評価', value: expect.any(Number) });
    expect(post?.facts.facts.map((fact) => fact.label)).toEqual(expect.arrayContaining(['開催時期', 'テーマ', '形式', '期間']));
    expect(await getPost({ postId: page.posts[0]!.id, type: 'company_study' })).toBeNull();
  });

  it('counts views in batches and recommends the most viewed companies', async () => {
    // The company viewed least so far overtakes the leader once its new views are written.
    const [leader] = await database().query<{ n: number | string }>(
      `SELECT sum(views) AS n FROM company_view_days GROUP BY company_id ORDER BY sum(views) DESC LIMIT 1`,
    );
    const [quiet] = await database().query<{ id: number }>(
      `SELECT c.id FROM companies c LEFT JOIN company_view_days v ON v.company_id = c.id GROUP BY c.id ORDER BY coalesce(sum(v.views), 0), c.id LIMIT 1`,
    );
    const views = Number(leader!.n) + 1;
    for (let i = 0; i < views; i++) recordCompanyView({ companyId: quiet!.id });
    recordCompanyView({ companyId: 2_000_000 }); // unknown: ignored, never fails the batch
    await flushCompanyViews();
    const recommended = await listRecommendedCompanies({ limit: 15 });
    expect(recommended[0]?.id).toBe(quiet!.id);
    expect(recommended.length).toBe(15);
  });

  it('recommends a student companies of their conditions and co-favorites, never their own favorites', async () => {
    const [student] = await database().query<{ user_id: number }>(`
      SELECT f.user_id FROM favorites f JOIN user_preferred_industries i ON i.user_id = f.user_id
      GROUP BY f.user_id ORDER BY count(*) DESC LIMIT 1`);
    const userId = student!.user_id;
    const recommended = await listRecommendedCompaniesForStudent({ userId, limit: 15 });
    expect(recommended).toHaveLength(15);
    const mine = new Set(
      (await database().query<{ company_id: number }>(`SELECT company_id FROM favorites WHERE user_id = $1`, [userId])).map(
        (row) => row.company_id,
      ),
    );
    expect(recommended.filter((company) => mine.has(company.id))).toEqual([]);
    const preferred = new Set(
      (
        await database().query<{ name: string }>(
          `SELECT i.name FROM user_preferred_industries u JOIN industries i ON i.id = u.industry_id WHERE u.user_id = $1`,
          [userId],
        )
      ).map((row) => row.name),
    );
    expect(recommended.some((company) => preferred.has(company.industryName))).toBe(true);
  });

  it('lists every company and published post in sitemap files', async () => {
    const files = await listSitemapFiles({ perFile: 1000 });
    const postFiles = files.filter((f) => f.name.startsWith('posts-'));
    expect(postFiles.length).toBe(Math.ceil((await count(`SELECT count(*) AS n FROM posts WHERE status = 'published'`)) / 1000));
    const first = await listSitemapEntries({ name: 'posts-1.xml', perFile: 1000 });
    expect(first).toHaveLength(1000);
    expect(await listSitemapEntries({ name: 'posts-999.xml', perFile: 1000 })).toBeNull();
    expect(await listSitemapEntries({ name: '../etc', perFile: 1000 })).toBeNull();
  });
});
