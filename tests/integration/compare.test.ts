// The comparison page's data against a real database: averages to one decimal, report counts,
// only published posts, the related companies, and one query for the averages of both companies.
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../app/db/client.server';
import { getCompanyComparison } from '../../app/features/compare/get-company-comparison.server';
import { listInternEvaluations } from '../../app/features/compare/list-intern-evaluations.server';
import { listRelatedCompanies } from '../../app/features/compare/list-related-companies.server';
import { createCompany, createStudent, favoriteCompany, industryIdOf, publishPost, sampleContent } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

const ids: Record<string, number> = {};
let authorId = 0;

type Ratings = [number, number, number, number, number, number, number, number, number];

async function addCompany(key: string, industryId: number) {
  ids[key] = (await createCompany({ name: `株式会社${key}`, kana: 'テスト', industryId, prefectureId: 13 })).companyId;
}

async function addIntern(
  companyId: number,
  year: number,
  season: 'summer' | 'winter',
  ratings: Ratings,
  status: 'published' | 'draft' | 'submitted' | 'rejected' = 'published',
) {
  const [all, difficulty, industry_understanding, company_understanding, mentor, growth, directly_linked_to_offer, level, theme] = ratings;
  const { postId } = await publishPost({
    type: 'intern_experience',
    authorId,
    companyId,
    content: {
      ...sampleContent('intern_experience'),
      year,
      season,
      ratings: { all, difficulty, industry_understanding, company_understanding, mentor, growth, directly_linked_to_offer, level, theme },
    },
    publishedAt: new Date('2025-01-10T00:00:00Z'),
  });
  // A report that is no longer published keeps its detail row, so only the status keeps it out
  // of the averages: what this file checks. Taking a post down is moderation's (coming), so the
  // status is set here.
  if (status !== 'published') await db().execute(sql`UPDATE posts SET status = ${status} WHERE id = ${postId}`);
}

/** Counts every SQL statement Drizzle prepares (select builders and raw execute alike). */
function countStatements() {
  const session = (db() as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const spy = vi.spyOn(session, 'prepareQuery');
  return {
    statements: () => spy.mock.calls.map((call) => String((call[0] as { sql: string }).sql)),
  };
}

setUpTestDatabase();

beforeAll(async () => {
  const bank = industryIdOf('銀行');
  const software = industryIdOf('ソフトウェア');
  await addCompany('基準銀行', bank);
  await addCompany('比較銀行', bank);
  await addCompany('同業A', bank);
  await addCompany('同業B', bank);
  await addCompany('他業種', software);
  await addCompany('人気IT', software);
  const students = await Promise.all([1, 2, 3].map(async () => (await createStudent()).userId));
  authorId = students[0]!;

  // Base: 2024 summer (two published, one draft that must not count), 2023 winter (one).
  await addIntern(ids.基準銀行!, 2024, 'summer', [4, 3, 5, 4, 2, 5, 3, 4, 4]);
  await addIntern(ids.基準銀行!, 2024, 'summer', [5, 4, 4, 4, 3, 4, 2, 4, 5]);
  await addIntern(ids.基準銀行!, 2024, 'summer', [1, 1, 1, 1, 1, 1, 1, 1, 1], 'draft');
  await addIntern(ids.基準銀行!, 2023, 'winter', [3, 3, 3, 3, 3, 3, 3, 3, 3]);
  // Target: three reports in 2024 summer (averages like 3.666… round to 3.7), one in 2025 winter.
  await addIntern(ids.比較銀行!, 2024, 'summer', [4, 2, 3, 5, 4, 4, 1, 3, 2]);
  await addIntern(ids.比較銀行!, 2024, 'summer', [4, 3, 3, 4, 4, 3, 2, 3, 2]);
  await addIntern(ids.比較銀行!, 2024, 'summer', [3, 2, 4, 4, 5, 3, 1, 4, 3]);
  await addIntern(ids.比較銀行!, 2025, 'winter', [2, 2, 2, 2, 2, 2, 2, 2, 2]);
  await addIntern(ids.比較銀行!, 2025, 'winter', [5, 5, 5, 5, 5, 5, 5, 5, 5], 'rejected');
  // Another company's reports never leak in.
  await addIntern(ids.他業種!, 2024, 'summer', [5, 5, 5, 5, 5, 5, 5, 5, 5]);

  // The related list sorts the same industry by the stored intern_report_count. These numbers are
  // pinned apart from the reports above (which would give 基準銀行 3 and 比較銀行 4), so that the
  // order it checks does not hang on the averages this file needs.
  for (const [key, reports] of [
    ['基準銀行', 5],
    ['比較銀行', 3],
    ['同業A', 9],
    ['同業B', 2],
    ['他業種', 50],
    ['人気IT', 1],
  ] as const) {
    await db().execute(sql`UPDATE companies SET intern_report_count = ${reports} WHERE id = ${ids[key]!}`);
  }

  // Students who favorited the base also favorited 人気IT (twice) and 比較銀行 (once).
  for (const [student, key] of [
    [0, '基準銀行'],
    [1, '基準銀行'],
    [0, '人気IT'],
    [1, '人気IT'],
    [1, '比較銀行'],
    // Not a co-favorite: this student did not favorite the base.
    [2, '他業種'],
  ] as const) {
    await favoriteCompany({ userId: students[student]!, companyId: ids[key]! });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('listInternEvaluations', () => {
  it('averages published reports per company, year and season to one decimal, with counts', async () => {
    const rows = await listInternEvaluations({ companyIds: [ids.基準銀行!, ids.比較銀行!] });
    const find = (company: string, year: number, season: string) =>
      rows.find((row) => row.companyId === ids[company] && row.year === year && row.season === season);

    expect(rows).toHaveLength(4);
    expect(find('基準銀行', 2024, 'summer')).toMatchObject({
      reportCount: 2,
      all: '4.5',
      difficulty: '3.5',
      industry_understanding: '4.5',
      company_understanding: '4.0',
      mentor: '2.5',
      growth: '4.5',
      directly_linked_to_offer: '2.5',
      level: '4.0',
      theme: '4.5',
    });
    expect(find('基準銀行', 2023, 'winter')).toMatchObject({ reportCount: 1, all: '3.0' });
    expect(find('比較銀行', 2024, 'summer')).toMatchObject({
      reportCount: 3,
      all: '3.7',
      difficulty: '2.3',
      industry_understanding: '3.3',
      company_understanding: '4.3',
      mentor: '4.3',
      growth: '3.3',
      directly_linked_to_offer: '1.3',
      level: '3.3',
      theme: '2.3',
    });
    // The rejected report is not counted.
    expect(find('比較銀行', 2025, 'winter')).toMatchObject({ reportCount: 1, all: '2.0' });
  });

  it('asks the database once for both companies, grouped by company, year and season', async () => {
    const counter = countStatements();
    await listInternEvaluations({ companyIds: [ids.基準銀行!, ids.比較銀行!] });
    const statements = counter.statements();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(
      /GROUP BY\s+"intern_experiences"\."company_id",\s*"intern_experiences"\."year",\s*"intern_experiences"\."season"/,
    );
    expect(statements[0]).toContain("'published'");
  });
});

describe('getCompanyComparison', () => {
  it('shapes allData for the page, defaulting to the base company’s newest year/season', async () => {
    const comparison = await getCompanyComparison({ baseCompanyId: ids.基準銀行!, targetCompanyId: ids.比較銀行! });
    expect(comparison).not.toBeNull();
    const { data, baseCompany, targetCompany, sameCompany } = comparison!;
    expect(baseCompany).toMatchObject({ id: ids.基準銀行, name: '株式会社基準銀行', industryName: '銀行', prefectureName: '東京都' });
    expect(targetCompany?.id).toBe(ids.比較銀行);
    expect(sameCompany).toBe(false);
    expect(Object.keys(data.allData)).toEqual(['2025_winter', '2024_summer', '2023_winter']);
    // 2025 winter has only the target's data; the default is the base's newest: 2024 summer.
    expect([data.currentYear, data.currentSeason]).toEqual([2024, 'summer']);
    const summer = data.allData['2024_summer']!;
    expect(summer.tableData.baseCompany.all).toBe('4.5');
    expect(summer.tableData.targetCompany.all).toBe('3.7');
    expect(summer.internExperienceEvaluateSet).toEqual(['3.5', '4.5', '4.0', '2.5', '4.5', '2.5', '4.0', '4.5']);
    expect(summer.targetInternExperienceEvaluateSet).toEqual(['2.3', '3.3', '4.3', '4.3', '3.3', '1.3', '3.3', '2.3']);
    expect(summer.reportCounts).toEqual({ baseCompany: 2, targetCompany: 3 });
    expect(data.allData['2025_winter']!.tableData.baseCompany.all).toBeNull();
  });

  it('uses one query for the averages and three in all, however many seasons there are', async () => {
    const counter = countStatements();
    await getCompanyComparison({ baseCompanyId: ids.基準銀行!, targetCompanyId: ids.比較銀行! });
    const statements = counter.statements();
    expect(statements).toHaveLength(3);
    expect(statements.filter((text) => text.includes('intern_experiences'))).toHaveLength(1);
  });

  it('is null for an unknown base or target, and shows the base alone without a target', async () => {
    expect(await getCompanyComparison({ baseCompanyId: 999_999, targetCompanyId: null })).toBeNull();
    expect(await getCompanyComparison({ baseCompanyId: ids.基準銀行!, targetCompanyId: 999_999 })).toBeNull();
    const alone = await getCompanyComparison({ baseCompanyId: ids.基準銀行!, targetCompanyId: null });
    expect(alone?.targetCompany).toBeNull();
    expect(Object.keys(alone!.data.allData)).toEqual(['2024_summer', '2023_winter']);
    expect(alone!.data.allData['2024_summer']!.reportCounts.targetCompany).toBe(0);
  });

  it('marks a comparison of a company with itself', async () => {
    const same = await getCompanyComparison({ baseCompanyId: ids.基準銀行!, targetCompanyId: ids.基準銀行! });
    expect(same).toMatchObject({ sameCompany: true, targetCompany: null });
  });

  it('has no default year/season for a company without reports', async () => {
    const empty = await getCompanyComparison({ baseCompanyId: ids.同業B!, targetCompanyId: null });
    expect(empty?.data).toMatchObject({ allData: {}, currentYear: null, currentSeason: null });
  });
});

describe('listRelatedCompanies', () => {
  it('lists co-favorited companies first, then the same industry by intern experiences, never the base', async () => {
    const related = await listRelatedCompanies({ baseCompanyId: ids.基準銀行!, limit: 4 });
    expect(related.map((company) => company.name)).toEqual([
      '株式会社人気IT', // favorited by both students who favorited the base
      '株式会社比較銀行', // by one
      '株式会社同業A', // same industry, 9 intern experiences
      '株式会社同業B', // same industry, 2
    ]);
    expect(related[0]).toMatchObject({ companyId: ids.人気IT, prefName: '東京都', internReportCount: 1 });
  });

  it('falls back to the industry alone when nobody favorited the base', async () => {
    const related = await listRelatedCompanies({ baseCompanyId: ids.同業B!, limit: 10 });
    expect(related.map((company) => company.name)).toEqual(['株式会社同業A', '株式会社基準銀行', '株式会社比較銀行']);
  });
});
