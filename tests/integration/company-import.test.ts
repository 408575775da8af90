// The company catalogue from the 法人番号公表サイト's data against a real database (issue 31, part 1;
// docs/decisions/077-company-catalogue-import.md): a 全件 file of a few dozen lines (𠮷, ＆, ヴ and
// ー, closed, excluded, older and other kinds' records, refused lines), a dry run that writes
// nothing, the import and its search by kana and romaji, the same file again changing nothing, a
// later 差分 file renaming, moving and closing companies (their posts kept), a company added by
// hand claimed by its 法人番号, the admin list's filters, the upload page and the command line.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { db, selectRows } from '../../app/db/client.server';
import { companies, industries, moderationEvents, posts } from '../../app/db/schema';
import { getCompanyProfile } from '../../app/features/companies/get-company-profile.server';
import {
  type CompanyImportView,
  recentCompanyImports,
  UNCLASSIFIED_INDUSTRY,
  companyImportJobs,
} from '../../app/features/moderation/import-companies.server';
import { listAdminCompanies } from '../../app/features/moderation/list-admin-catalog.server';
import { searchCompanies } from '../../app/features/search/search-companies.server';
import { listSitemapEntries } from '../../app/features/seo/sitemap.server';
import * as companyImportRoute from '../../app/routes/admin/company-import';
import * as companyImportFileRoute from '../../app/routes/api/admin-company-imports';
import { runImportCompaniesCli } from '../../scripts/import-companies-cli';
import { createCompany, createStudent, industryIdOf, prefectureIdOf, publishPost } from '../factories';
import { callRoute, sessionRequest } from '../support/call-route';
import { setUpTestDatabase } from '../setup/test-database';
import { dataDirOfFile, moderatorOfFile } from '../support/file-fixtures';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'corporate-numbers');
const FULL = join(FIXTURES, 'zenken-20261031.csv');
const DIFF = join(FIXTURES, 'sabun-20261104.csv');

const N = {
  yoshinoya: '8001000000008',
  mAndA: '9001000000015',
  venus: '1001000000022',
  northBridge: '4001000000036',
  miraiTech: '5001000000043',
  aoba: '6001000000050',
  blueWave: '5001000000092',
  greenField: '7001000000099',
  next: '2001000000120',
  closedBefore: '5001000000183',
  newWave: '2001000000211',
};

let handMadeId: number;

setUpTestDatabase();
const moderator = moderatorOfFile();
const dataDir = dataDirOfFile('shulog-company-import-test-');

beforeAll(async () => {
  // Added by hand before any import: the import gives it its 法人番号 instead of a second company.
  ({ companyId: handMadeId } = await createCompany({
    name: 'ミライテック株式会社',
    kana: 'ミライテック',
    industryId: industryIdOf('ソフトウェア'),
    prefectureId: prefectureIdOf('東京都'),
  }));
});

async function runImport(path: string, options: { dryRun?: boolean; kinds?: string[] } = {}): Promise<CompanyImportView> {
  const id = await companyImportJobs.runFile({
    path,
    dryRun: options.dryRun ?? false,
    kinds: options.kinds ?? ['301'],
    moderatorId: null,
    fileName: 'x.csv',
  });
  return (await companyImportJobs.find(id))!;
}

async function byNumber(corporateNumber: string) {
  const [row] = await db().select().from(companies).where(eq(companies.corporateNumber, corporateNumber));
  return row;
}

const companiesVersion = async () =>
  (await selectRows<{ version: string }>(sql`SELECT version::text FROM table_versions WHERE name = 'companies'`))[0]!.version;

const found = async (keyword: string) =>
  (await searchCompanies({ keyword, sort: 'relevance', page: 1, perPage: 50 })).companies.map((company) => company.name);

describe('a 全件 file', () => {
  it('is counted by a dry run that writes nothing', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(companies);
    const view = await runImport(FULL, { dryRun: true });
    expect(view.status).toBe('dry_run');
    expect(view.counts).toMatchObject({
      lines: 27,
      considered: 18,
      // 16 株式会社 with their latest record, one of them the company added by hand.
      added: 16,
      updated: 1,
      notLatest: 1,
      otherKinds: 5,
      excluded: 1,
      closedUnknown: 1,
      refused: 2,
      withoutReading: 1,
    });
    expect(view.refusedLines.map((line) => [line.line, line.reason])).toEqual([
      [26, '国内の所在地（都道府県）がありません。'],
      [27, '法人番号が13桁の正しい番号ではありません。'],
    ]);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(companies)).toEqual(before);
  });

  it('adds each corporation once, 未分類 and with its reading, and search finds it by kana and romaji', async () => {
    const view = await runImport(FULL);
    expect(view.status).toBe('imported');
    expect(view.counts).toMatchObject({ added: 16, updated: 1, unchanged: 0 });

    const yoshinoya = await byNumber(N.yoshinoya);
    expect(yoshinoya).toMatchObject({
      name: '株式会社𠮷野家フーズ',
      kana: 'ヨシノヤフーズ',
      prefectureId: prefectureIdOf('東京都'),
      closedAt: null,
    });
    const [unclassified] = await db().select().from(industries).where(eq(industries.name, UNCLASSIFIED_INDUSTRY));
    expect(yoshinoya!.industryId).toBe(unclassified!.id);
    expect((await byNumber(N.venus))?.kana).toBe('ヴィーナスリンク');
    expect((await byNumber(N.northBridge))?.kana).toBe('');
    // The latest record's name, not the older one's.
    expect((await byNumber(N.next))?.name).toBe('株式会社ネクストコンサルティング');
    expect(await byNumber(N.closedBefore)).toBeUndefined();

    // The company added by hand got its number and kept its industry; no second one was added.
    const handMade = await byNumber(N.miraiTech);
    expect(handMade).toMatchObject({ id: handMadeId, industryId: industryIdOf('ソフトウェア') });
    expect(await db().select({ id: companies.id }).from(companies).where(eq(companies.name, 'ミライテック株式会社'))).toHaveLength(1);

    expect(await found('よしのや')).toContain('株式会社𠮷野家フーズ');
    expect(await found('yoshinoya')).toContain('株式会社𠮷野家フーズ');
    expect(await found('𠮷野家')).toContain('株式会社𠮷野家フーズ');
    expect(await found('M&A')).toContain('Ｍ＆Ａソリューションズ株式会社');
    expect(await found('ヴィーナス')).toContain('株式会社ヴィーナスリンク');
    expect(await found('ゔぃーなす')).toContain('株式会社ヴィーナスリンク');
    expect(await found('sakuradeta')).toContain('株式会社さくらデータサービス');
  });

  it('imported again, changes nothing, not even the catalogue version', async () => {
    const version = await companiesVersion();
    const updatedAt = (await byNumber(N.yoshinoya))!.updatedAt;
    const view = await runImport(FULL);
    expect(view.counts).toMatchObject({ added: 0, updated: 0, closed: 0, unchanged: 17 });
    expect(await companiesVersion()).toBe(version);
    expect((await byNumber(N.yoshinoya))!.updatedAt).toEqual(updatedAt);
  });
});

describe('a later 差分 file', () => {
  let aobaPostId: number;

  beforeAll(async () => {
    const aoba = await byNumber(N.aoba);
    const { userId } = await createStudent();
    ({ postId: aobaPostId } = await publishPost({ type: 'intern_experience', authorId: userId, companyId: aoba!.id }));
  });

  it('renames, moves, closes and adds, keeping the closed company’s posts and page', async () => {
    const blueWaveId = (await byNumber(N.blueWave))!.id;
    const view = await runImport(DIFF);
    expect(view.counts).toMatchObject({ lines: 7, added: 1, updated: 2, closed: 1, unchanged: 1, notLatest: 1, otherKinds: 1 });

    expect(await byNumber(N.blueWave)).toMatchObject({ id: blueWaveId, name: '株式会社ブルーオーシャン', kana: 'ブルーオーシャン' });
    expect((await byNumber(N.greenField))?.prefectureId).toBe(prefectureIdOf('京都府'));
    expect((await byNumber(N.newWave))?.name).toBe('株式会社ニューウェーブ');

    const aoba = (await byNumber(N.aoba))!;
    expect(aoba.closedAt?.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    // The search catalogue is rebuilt off the request's path, at once after this process's import.
    await vi.waitFor(async () => expect(await found('アオバロジスティクス')).toEqual([]));
    expect(await found('ブルーオーシャン')).toContain('株式会社ブルーオーシャン');
    const [post] = await db().select({ status: posts.status }).from(posts).where(eq(posts.id, aobaPostId));
    expect(post?.status).toBe('published');
    const profile = await getCompanyProfile({ companyId: aoba.id });
    expect(profile).toMatchObject({ name: '株式会社青葉ロジスティクス', corporateNumber: N.aoba, closedAt: '2026-10-31T15:00:00.000Z' });
    expect(profile!.postCounts.intern_experience).toBe(1);

    // Out of the sitemap too.
    const entries = (await listSitemapEntries({ name: 'companies-1.xml' })) ?? [];
    expect(entries.map((entry) => entry.path)).not.toContain(`/companies/${aoba.id}`);
    expect(entries.map((entry) => entry.path)).toContain(`/companies/${blueWaveId}`);
  });

  it('imported again, changes nothing', async () => {
    const view = await runImport(DIFF);
    expect(view.counts).toMatchObject({ added: 0, updated: 0, closed: 0, unchanged: 5 });
  });
});

describe('the admin area', () => {
  it('lists what a moderator still has to complete, and the closed corporations', async () => {
    const unclassified = await listAdminCompanies({ keyword: '', page: 1, filter: 'unclassified' });
    expect(unclassified.total).toBe(17);
    expect(unclassified.items.map((item) => item.name)).toContain('株式会社𠮷野家フーズ');
    const noReading = await listAdminCompanies({ keyword: '', page: 1, filter: 'no_reading' });
    expect(noReading.items.map((item) => item.name)).toEqual(['株式会社ノースブリッジ']);
    const closed = await listAdminCompanies({ keyword: '', page: 1, filter: 'closed' });
    expect(closed.items.map((item) => item.name)).toEqual(['株式会社青葉ロジスティクス']);
    const searched = await listAdminCompanies({ keyword: 'ヨシノヤ', page: 1, filter: 'unclassified' });
    expect(searched.items.map((item) => item.name)).toEqual(['株式会社𠮷野家フーズ']);
  });

  function upload(file: Blob, name: string, fields: Record<string, string | string[]>) {
    const form = new FormData();
    form.set('csv', file, name);
    for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(key, item);
    return sessionRequest('/admin/companies/import', { sessionId: moderator.sessionId, method: 'POST', body: form });
  }

  it('takes an upload, imports it in the background and shows the report', async () => {
    const answer = await callRoute(companyImportRoute, upload(new Blob([readFileSync(FULL)]), 'zenken.csv', { kinds: ['301', '305'] }));
    expect(answer.status).toBe(302);
    const location = answer.headers.get('Location')!;
    const id = Number(new URL(location, 'http://localhost').searchParams.get('import'));
    await companyImportJobs.settled(id);
    const view = (await companyImportJobs.find(id))!;
    // The two 合同会社 are added now; everything else is as it was.
    expect(view).toMatchObject({ status: 'imported', kinds: ['301', '305'] });
    expect(view.counts).toMatchObject({ added: 2, otherKinds: 3 });
    const page = await callRoute(companyImportRoute, sessionRequest(location, { sessionId: moderator.sessionId }));
    const data = (await page.json()) as { shown: CompanyImportView };
    expect(data.shown.id).toBe(id);
    const [audit] = await db().select().from(moderationEvents).where(eq(moderationEvents.action, 'import_companies'));
    expect(audit).toMatchObject({ moderatorId: moderator.userId });
  });

  it('takes the file streamed by the page’s script, and stops a file over the cap as it arrives', async () => {
    const bytes = readFileSync(DIFF);
    // A stream, as the server hands the route the request's body.
    const request = new Request('http://localhost/api/v1/admin/company_imports?kinds=301&dryRun=1&name=sabun.csv', {
      method: 'PUT',
      headers: { Cookie: `shulog_session=${moderator.sessionId}`, 'Content-Type': 'text/csv' },
      body: new Blob([bytes]).stream(),
      duplex: 'half',
    } as RequestInit);
    const answer = await callRoute(companyImportFileRoute, request);
    expect(answer.status).toBe(201);
    const { importId, location } = (await answer.json()) as { importId: number; location: string };
    expect(location).toBe(`/admin/companies/import?import=${importId}`);
    await companyImportJobs.settled(importId);
    expect(await companyImportJobs.find(importId)).toMatchObject({ status: 'dry_run', fileName: 'sabun.csv', counts: { lines: 7 } });

    const tooLarge = companyImportJobs.start({
      file: new Blob([bytes]).stream(),
      maxBytes: 1000,
      dryRun: true,
      kinds: ['301'],
      moderatorId: moderator.userId,
      fileName: 'large.csv',
    });
    await expect(tooLarge).rejects.toMatchObject({ code: 'import_file_too_large' });
    const [latest] = await recentCompanyImports(1);
    expect(latest).toMatchObject({ fileName: 'large.csv', status: 'unreadable' });
    expect(readdirSync(join(dataDir.path, 'company-import-files'))).toEqual([]);
  });

  it('refuses an upload without a kind or a file, in Japanese', async () => {
    const noKind = await callRoute(companyImportRoute, upload(new Blob(['x']), 'a.csv', {}));
    expect(noKind.status).toBe(400);
    expect(JSON.stringify(await noKind.json())).toContain('種類を1つ以上');
    const form = new FormData();
    form.set('kinds', '301');
    const noFile = await callRoute(
      companyImportRoute,
      sessionRequest('/admin/companies/import', { sessionId: moderator.sessionId, method: 'POST', body: form }),
    );
    expect(noFile.status).toBe(400);
  });
});

describe('a refused line', () => {
  it('is kept in the report cut by characters: a name too long with 𠮷 at the cut', async () => {
    const line = readFileSync(FULL, 'utf8').split('\n')[0]!;
    const name = `${'株'.repeat(99)}𠮷式会社`;
    const path = join(dataDir.path, 'long-name.csv');
    writeFileSync(path, `${line.replace('株式会社𠮷野家フーズ', name)}\n`);
    const view = await runImport(path, { dryRun: true });
    expect(view.status).toBe('dry_run');
    expect(view.refusedLines).toEqual([
      { line: 1, corporateNumber: N.yoshinoya, name: [...name].slice(0, 100).join(''), reason: expect.stringContaining('100文字') },
    ]);
  });
});

describe('the command line', () => {
  it('imports, reports in Japanese and answers its exit code', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    expect(await runImportCompaniesCli([FULL, '--dry-run'], io)).toBe(0);
    expect(out.join('\n')).toContain('確認のみ: 何も保存していません。');
    expect(out.join('\n')).toContain('26行目 [使えない行]');
    expect(await runImportCompaniesCli([FULL, '--kinds=999'], io)).toBe(2);
    expect(await runImportCompaniesCli([join(FIXTURES, 'none.csv')], io)).toBe(2);
    expect(err.join('\n')).toContain('ファイルを開けません');
  });

  it('refuses a file that is not the Unicode version', async () => {
    const path = join(dataDir.path, 'sjis.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, Buffer.from([0x22, 0x8a, 0x94, 0x8e, 0xae, 0x22, 0x0a]));
    const err: string[] = [];
    expect(await runImportCompaniesCli([path], { out: () => {}, err: (line) => err.push(line) })).toBe(1);
    expect(err.join('\n')).toContain('Unicode');
  });
});
