// The 社員クチコミ CSV import against a real database (issue 14; issue 28, item 2;
// docs/decisions/029-admin-catalog.md, 054-streamed-imports.md): the Japanese reasons of refused
// rows, a dry run that writes nothing, all or nothing unless invalid rows are skipped, the
// idempotent rerun by source id, a 2,100-row file read in 21 batches of 100 with a report of 100 rows
// whatever the file's size, one import at a time, an import stopped by the server (中断) and
// finished by a rerun, the upload page (its action, its loader) and the command line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../app/db/client.server';
import { companies, employeeReviewImports, moderationEvents, posts } from '../../app/db/schema';
import { EMPLOYEE_REVIEW_CSV_MAX_BYTES } from '../../app/features/moderation/employee-review-columns';
import {
  type ImportOptions,
  type ImportView,
  employeeReviewImportJobs,
} from '../../app/features/moderation/import-employee-reviews.server';
import { publishImportedPosts, publishPost } from '../../app/features/posts/publish-post.server';
import * as employeeReviewsRoute from '../../app/routes/admin/employee-reviews';
import { runImportCli } from '../../scripts/import-employee-reviews-cli';
import { createCompany, sampleContent } from '../factories';
import { callRoute, sessionRequest } from '../support/call-route';
import { setUpTestDatabase } from '../setup/test-database';
import { dataDirOfFile, moderatorOfFile } from '../support/file-fixtures';

setUpTestDatabase();
const moderator = moderatorOfFile();
// Uploaded files wait under DATA_DIR while their import runs.
const dataDir = dataDirOfFile('shulog-import-test-');

// ---------------------------------------------------------------- helpers

const HEADER = 'source_id,company_id,title,department,employment,tenure_years,rating,culture,growth,pay,published_at';
const COLUMNS = HEADER.split(',');

function csvLine(cells: Record<string, string | number>): string {
  const review = sampleContent('employee_word_mouth');
  const all: Record<string, string | number> = {
    title: review.title,
    department: review.department,
    employment: review.employment,
    tenure_years: review.tenureYears,
    rating: review.rating,
    culture: review.culture,
    growth: review.growth,
    pay: review.pay,
    published_at: '2025-04-01',
    ...cells,
  };
  return COLUMNS.map((name) => {
    const value = String(all[name] ?? '');
    return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');
}

let fileSequence = 0;
/** A file of `valid` good rows for `companyId`, and the given extra lines; source ids unique to this file. */
function reviewFile(companyId: number, valid: number, extra: Array<Record<string, string | number>> = []) {
  const prefix = `file${++fileSequence}`;
  const ids = Array.from({ length: valid }, (_, i) => `${prefix}-${i + 1}`);
  const lines = [...ids.map((id) => csvLine({ source_id: id, company_id: companyId })), ...extra.map(csvLine)];
  return { text: `${HEADER}\n${lines.join('\n')}\n`, ids, prefix };
}

/**
 * A large file as the issue's: `rows` short rows over the given companies, the import refuses
 * them (cells missing), and every `validEvery`-th a whole review of the shortest allowed texts.
 */
function largeFile(rows: number, companyIds: number[], validEvery: number) {
  const prefix = `large${++fileSequence}`;
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) {
    const companyId = companyIds[i % companyIds.length]!;
    lines.push(
      i % validEvery === 0
        ? `${prefix}-${i},${companyId},Review number ${i},Sales,現職,3,4,Team leads share decisions.,Juniors run client projects.,Pay is average with bonuses.,2025-04-01`
        : `${prefix}-${i},${companyId},Short row`,
    );
  }
  const valid = Math.floor(rows / validEvery);
  return { text: `${lines.join('\n')}\n`, prefix, valid, invalid: rows - valid };
}

type RunOptions = Partial<Omit<ImportOptions, 'fileName'>> & { fileName?: string };

/** Starts an import of `text` as the upload does, and waits until it is over. */
async function importText(text: string, options: RunOptions = {}): Promise<ImportView> {
  const id = await employeeReviewImportJobs.start({
    file: new Blob([text], { type: 'text/csv' }),
    fileName: options.fileName ?? 'reviews.csv',
    dryRun: options.dryRun ?? false,
    skipInvalid: options.skipInvalid ?? false,
    moderatorId: options.moderatorId === undefined ? moderator.userId : options.moderatorId,
  });
  await employeeReviewImportJobs.settled(id);
  return (await employeeReviewImportJobs.find(id))!;
}

async function postsWithSourceIds(ids: string[]) {
  return db().select().from(posts).where(inArray(posts.importSourceId, ids));
}

async function countPostsWithPrefix(prefix: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(like(posts.importSourceId, `${prefix}-%`));
  return row!.n;
}

async function postCountOf(companyId: number): Promise<number> {
  const [row] = await db().select({ n: companies.publishedPostCount }).from(companies).where(eq(companies.id, companyId));
  return row!.n;
}

async function importAudits() {
  return db().select().from(moderationEvents).where(eq(moderationEvents.action, 'import_employee_reviews')).orderBy(moderationEvents.id);
}

const refusedOf = (view: ImportView) => view.refusedRows.map((row) => [row.line, row.sourceId, row.reasons]);

// ---------------------------------------------------------------- the import

describe('importing employee word of mouth', () => {
  it('reports the refused rows of a dry run with their reasons in Japanese, and writes nothing', async () => {
    const { companyId } = await createCompany();
    const { text, ids, prefix } = reviewFile(companyId, 2, [
      { source_id: 'dry-missing', company_id: companyId, department: '', pay: '' },
      { source_id: 'dry-long', company_id: companyId, culture: 'あ'.repeat(2001) },
      { source_id: 'dry-company', company_id: 999999 },
    ]);
    const audits = (await importAudits()).length;
    const view = await importText(text, { dryRun: true });
    expect(view).toMatchObject({ status: 'dry_run', running: false, percent: null });
    expect(view.counts).toEqual({ rows: 5, ready: 2, imported: 0, skipped: 0, invalid: 3 });
    expect(refusedOf(view)).toEqual([
      [4, 'dry-missing', ['必須項目がありません: 部署（department）、年収・待遇（pay）']],
      [5, 'dry-long', ['文字数が多すぎます: 社風・働き方（culture、2000文字以内）']],
      [6, 'dry-company', ['企業が見つかりません（company_id: 999999）']],
    ]);
    expect(view.refusedRows[0]).toMatchObject({ companyId, companyName: expect.stringContaining('株式会社') });
    expect(await postsWithSourceIds([...ids, 'dry-missing', 'dry-long', 'dry-company', `${prefix}-1`])).toEqual([]);
    expect(await importAudits()).toHaveLength(audits);
  });

  it('imports nothing while a row is invalid, and the valid rows with skipInvalid, in one audited action', async () => {
    const { companyId } = await createCompany();
    const { text, ids } = reviewFile(companyId, 3, [{ source_id: 'bad-rating', company_id: companyId, rating: 9 }]);
    const refused = await importText(text);
    expect(refused.status).toBe('refused');
    expect(refusedOf(refused)).toEqual([[5, 'bad-rating', ['総合評価（rating）は1〜5の整数にしてください。']]]);
    expect(await postsWithSourceIds(ids)).toEqual([]);
    expect(await postCountOf(companyId)).toBe(0);

    const audits = (await importAudits()).length;
    const imported = await importText(text, { skipInvalid: true });
    expect(imported.status).toBe('imported');
    expect(imported.counts).toEqual({ rows: 4, ready: 3, imported: 3, skipped: 0, invalid: 1 });
    const stored = await postsWithSourceIds(ids);
    expect(stored).toHaveLength(3);
    expect(stored.every((row) => row.type === 'employee_word_mouth' && row.status === 'published' && row.authorId === null)).toBe(true);
    expect(stored[0]!.publishedAt?.toISOString()).toBe('2025-03-31T15:00:00.000Z');
    expect(await postCountOf(companyId)).toBe(3);
    const audit = (await importAudits()).slice(audits);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ moderatorId: moderator.userId, postId: null, companyId: null });
    expect(audit[0]!.detail).toEqual({
      importId: imported.id,
      file: 'reviews.csv',
      rows: 4,
      imported: 3,
      skipped: 0,
      invalid: 1,
      skipInvalid: true,
    });
  });

  it('is idempotent by source id: the same file twice stores each review once', async () => {
    const { companyId } = await createCompany();
    const { text, ids } = reviewFile(companyId, 4);
    expect((await importText(text)).counts.imported).toBe(4);
    const second = await importText(text);
    expect(second).toMatchObject({ status: 'imported', counts: { rows: 4, ready: 0, imported: 0, skipped: 4, invalid: 0 } });
    const dry = await importText(text, { dryRun: true });
    expect(dry.counts.skipped).toBe(4);
    expect(await postsWithSourceIds(ids)).toHaveLength(4);
    expect(await postCountOf(companyId)).toBe(4);
  });

  it('says why a file cannot be read', async () => {
    const view = await importText('source_id,company_id\nx,1\n', { skipInvalid: true });
    expect(view).toMatchObject({
      status: 'unreadable',
      fileError: '見出し行に必須の列がありません: title、department、employment、tenure_years、rating、culture、growth、pay。',
    });
  });

  it('leaves a post already stored under a source id as it is (ON CONFLICT DO NOTHING), one or many at a time', async () => {
    const { companyId } = await createCompany();
    const content = sampleContent('employee_word_mouth');
    const first = await publishPost({ type: 'employee_word_mouth', authorId: null, companyId, content, importSourceId: 'conflict-1' });
    expect(first.alreadyImported).toBeUndefined();
    const again = await db().transaction((tx) =>
      publishPost({ tx, type: 'employee_word_mouth', authorId: null, companyId, content, importSourceId: 'conflict-1' }),
    );
    expect(again).toEqual({ postId: first.postId, newBadgeKindIds: [], alreadyImported: true });
    const many = await publishImportedPosts({
      type: 'employee_word_mouth',
      posts: ['conflict-1', 'conflict-2'].map((importSourceId) => ({ companyId, content, importSourceId })),
    });
    expect([...many.keys()]).toEqual(['conflict-2']);
    expect(await postsWithSourceIds(['conflict-1', 'conflict-2'])).toHaveLength(2);
    expect(await postCountOf(companyId)).toBe(2);
  });
});

describe('a large file', () => {
  it('is read in batches: a report of 100 rows and the counts, a dry run that writes nothing, an idempotent rerun', async () => {
    const companyIds = await Promise.all([1, 2, 3].map(async () => (await createCompany()).companyId));
    const file = largeFile(2_100, companyIds, 50);

    const dry = await importText(file.text, { dryRun: true });
    expect(dry.counts).toEqual({ rows: 2_100, ready: file.valid, imported: 0, skipped: 0, invalid: file.invalid });
    expect(dry.refusedRows).toHaveLength(100);
    expect(dry.refusedRows[0]).toMatchObject({
      line: 2,
      sourceId: `${file.prefix}-1`,
      reasons: ['列の数が見出し行と合いません（見出し 11列、この行 3列）。項目の中のコンマや改行は「"」で囲んでください。'],
    });
    // The first 100 refused rows: lines 2 to 103 but for the two whole reviews among them.
    expect(dry.refusedRows.at(-1)!.line).toBe(103);
    expect(await countPostsWithPrefix(file.prefix)).toBe(0);

    const imported = await importText(file.text, { skipInvalid: true });
    expect(imported).toMatchObject({ status: 'imported', counts: { rows: 2_100, imported: file.valid, invalid: file.invalid } });
    expect(await countPostsWithPrefix(file.prefix)).toBe(file.valid);
    const perCompany = await Promise.all(companyIds.map(postCountOf));
    expect(perCompany.reduce((sum, n) => sum + n, 0)).toBe(file.valid);

    const rerun = await importText(file.text, { skipInvalid: true });
    expect(rerun.counts).toEqual({ rows: 2_100, ready: 0, imported: 0, skipped: file.valid, invalid: file.invalid });
    expect(await countPostsWithPrefix(file.prefix)).toBe(file.valid);

    // The page of the import: 100 rows and 「ほか」 the rest, whatever the file's size.
    const page = await callRoute(
      employeeReviewsRoute,
      sessionRequest(`/admin/employee_reviews?import=${imported.id}`, { sessionId: moderator.sessionId }),
    );
    const body = await page.text();
    expect(page.status).toBe(200);
    expect((JSON.parse(body) as { shown: ImportView }).shown.refusedRows).toHaveLength(100);
    expect(body.length).toBeLessThan(64 * 1024);
    // The uploaded files are gone with their imports.
    expect(readdirSync(join(dataDir.path, 'import-files'))).toEqual([]);
  }, 180_000);

  it('is stopped by the server at a batch (中断), keeps what it wrote, and a rerun adds the rest', async () => {
    const companyIds = [(await createCompany()).companyId];
    const file = largeFile(1_000, companyIds, 2);
    const id = await employeeReviewImportJobs.start({
      file: new Blob([file.text]),
      fileName: 'stopped.csv',
      dryRun: false,
      skipInvalid: true,
      moderatorId: moderator.userId,
    });
    await vi.waitFor(
      async () => {
        const view = await employeeReviewImportJobs.find(id);
        expect(view!.counts.imported).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 10 },
    );
    await employeeReviewImportJobs.stopAll();
    const stopped = (await employeeReviewImportJobs.find(id))!;
    expect(stopped.status).toBe('interrupted');
    const written = await countPostsWithPrefix(file.prefix);
    expect(written).toBe(stopped.counts.imported);
    expect(written).toBeLessThan(file.valid);
    const [audit] = (await importAudits()).filter((row) => (row.detail as { importId?: number }).importId === id);
    expect(audit!.detail).toMatchObject({ imported: written, interrupted: true });

    const rerun = await importText(file.text, { skipInvalid: true });
    expect(rerun.counts).toMatchObject({ imported: file.valid - written, skipped: written });
    expect(await countPostsWithPrefix(file.prefix)).toBe(file.valid);
    expect(await postCountOf(companyIds[0]!)).toBe(file.valid);
  }, 120_000);
});

describe('imports left by a stopped process', () => {
  async function leftRunning(heartbeatSecondsAgo: number): Promise<number> {
    const [row] = await db()
      .insert(employeeReviewImports)
      .values({
        fileName: 'left.csv',
        fileBytes: 100,
        dryRun: false,
        skipInvalid: false,
        status: 'importing',
        heartbeatAt: sql`now() - make_interval(secs => ${heartbeatSecondsAgo})`,
      })
      .returning({ id: employeeReviewImports.id });
    return row!.id;
  }

  it('are marked 中断 once silent for a minute, or at the start of a server alone on its database; their files are deleted', async () => {
    const silent = await leftRunning(120);
    await employeeReviewImportJobs.interruptAbandoned();
    expect((await employeeReviewImportJobs.find(silent))!.status).toBe('interrupted');

    const fresh = await leftRunning(1);
    await employeeReviewImportJobs.interruptAbandoned();
    expect((await employeeReviewImportJobs.find(fresh))!.status).toBe('importing');
    // A second import is refused while one runs.
    const second = await callRoute(employeeReviewsRoute, upload(new Blob([`${HEADER}\n`]), 'second.csv'));
    expect(second.status).toBe(409);
    // Refused in the one shape of a refused form (docs/decisions/056-one-error-shape.md), beside the file.
    expect((await second.json()).errors).toEqual({
      file: '別の社員クチコミの取り込みが進んでいます。終わってから、もう一度お試しください。',
    });

    const leftover = join(dataDir.path, 'import-files', `${fresh}.csv`);
    writeFileSync(leftover, 'x');
    await employeeReviewImportJobs.interruptAbandoned({ atStart: 'alone' });
    expect((await employeeReviewImportJobs.find(fresh))!.status).toBe('interrupted');
    expect(existsSync(leftover)).toBe(false);
  });
});

// ---------------------------------------------------------------- the page

function upload(file: Blob | null, fileName: string, options: { dryRun?: boolean; skipInvalid?: boolean } = {}) {
  const form = new FormData();
  if (file) form.set('csv', file, fileName);
  if (options.dryRun) form.set('dryRun', 'on');
  if (options.skipInvalid) form.set('skipInvalid', 'on');
  return sessionRequest('/admin/employee_reviews', { sessionId: moderator.sessionId, method: 'POST', body: form });
}

/** The page's data for an import it was sent to, once that import is over. */
async function pageAfter(answer: Response) {
  expect(answer.status).toBe(302);
  const location = answer.headers.get('Location')!;
  const id = Number(/^\/admin\/employee_reviews\?import=(\d+)$/.exec(location)?.[1]);
  await employeeReviewImportJobs.settled(id);
  const page = await callRoute(employeeReviewsRoute, sessionRequest(location, { sessionId: moderator.sessionId }));
  return (await page.json()) as { shown: ImportView; running: ImportView | null; recent: Array<{ id: number }> };
}

describe('the import page', () => {
  it('starts an import from the upload and shows its report, then refuses a second upload while one runs', async () => {
    const { companyId } = await createCompany();
    const { text, ids } = reviewFile(companyId, 2, [{ source_id: 'page-bad', company_id: companyId, employment: '派遣' }]);
    const bom = new Blob(['\uFEFF', text], { type: 'text/csv' });
    const checked = await pageAfter(await callRoute(employeeReviewsRoute, upload(bom, 'reviews.csv', { dryRun: true })));
    expect(checked.shown).toMatchObject({ status: 'dry_run', fileName: 'reviews.csv', counts: { ready: 2, invalid: 1 } });
    expect(checked.running).toBeNull();
    expect(checked.recent[0]!.id).toBe(checked.shown.id);
    const imported = await pageAfter(await callRoute(employeeReviewsRoute, upload(bom, 'reviews.csv', { skipInvalid: true })));
    expect(imported.shown).toMatchObject({ status: 'imported', counts: { imported: 2, invalid: 1 } });
    expect(await postsWithSourceIds(ids)).toHaveLength(2);

    // A file of thousands of rows runs for a while: a second upload meanwhile is refused.
    const large = largeFile(3_000, [companyId], 10);
    const first = await callRoute(employeeReviewsRoute, upload(new Blob([large.text]), 'large.csv', { dryRun: true }));
    const second = await callRoute(employeeReviewsRoute, upload(bom, 'reviews.csv', { dryRun: true }));
    expect(second.status).toBe(409);
    // Refused in the one shape of a refused form (docs/decisions/056-one-error-shape.md), beside the file.
    expect((await second.json()).errors).toEqual({
      file: '別の社員クチコミの取り込みが進んでいます。終わってから、もう一度お試しください。',
    });
    expect((await pageAfter(first)).shown.counts.rows).toBe(3_000);
  });

  it('refuses a missing or oversized file with a Japanese message, and says why a non-UTF-8 file cannot be read', async () => {
    const none = await callRoute(employeeReviewsRoute, upload(null, ''));
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ ok: false, errors: { file: 'CSVファイルを選んでください。' }, values: {} });
    const big = new Blob([new Uint8Array(EMPLOYEE_REVIEW_CSV_MAX_BYTES + 1).fill(0x41)]);
    const tooLarge = await callRoute(employeeReviewsRoute, upload(big, 'big.csv'));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      ok: false,
      errors: { file: 'ファイルが大きすぎます。5MBまでのファイルに分けてから、もう一度お試しください。' },
      values: {},
    });
    const sjis = await pageAfter(
      await callRoute(employeeReviewsRoute, upload(new Blob([new Uint8Array([0x8e, 0xd0, 0x88, 0xf5])]), 'sjis\u202E\u0007.csv')),
    );
    // The file's name is a text of the form: cleaned of controls and bidi overrides (decision 051).
    expect(sjis.shown).toMatchObject({ status: 'unreadable', fileName: 'sjis.csv' });
    expect(sjis.shown.fileError).toMatch(/^ファイルをUTF-8の文字として読み取れませんでした。/);
  });

  it('answers 404 for an import that does not exist', async () => {
    for (const param of ['999999', 'abc']) {
      const page = await callRoute(
        employeeReviewsRoute,
        sessionRequest(`/admin/employee_reviews?import=${param}`, { sessionId: moderator.sessionId }),
      );
      expect(page.status).toBe(404);
    }
  });
});

// ---------------------------------------------------------------- the command line

describe('the import command', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'shulog-import-cli-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runImportCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out, err };
  }

  it('exits 0 when it imports, 1 when it refuses, 2 on wrong usage, and prints in Japanese', async () => {
    const { companyId } = await createCompany();
    const { text, ids } = reviewFile(companyId, 2, [{ source_id: 'cli-bad', company_id: companyId, title: '' }]);
    const file = join(dir, 'reviews.csv');
    const audited = (await importAudits()).length;
    writeFileSync(file, text);

    expect((await run()).code).toBe(2);
    expect((await run(file, '--force')).code).toBe(2);
    expect((await run(join(dir, 'missing.csv'))).code).toBe(2);

    const dry = await run(file, '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.err.join('\n')).toContain('4行目 [不備] source_id=cli-bad: 必須項目がありません: タイトル（title）');
    expect((await run(file, '--dry-run', '--skip-invalid')).code).toBe(0);
    const refused = await run(file);
    expect(refused.code).toBe(1);
    expect(refused.err.at(-1)).toBe(
      '不備のある行があるため、何も取り込みませんでした（--skip-invalid で不備のある行を飛ばして取り込めます）。',
    );
    expect(await postsWithSourceIds(ids)).toEqual([]);

    const imported = await run(file, '--skip-invalid');
    expect(imported.code).toBe(0);
    expect(imported.out.at(-1)).toBe('2 件の社員クチコミを取り込みました。');
    const again = await run(file, '--skip-invalid');
    expect(again.code).toBe(0);
    expect(again.out[0]).toBe('行数 3 / 取り込み済み 0 / 取込済み 2 / 不備 1');
    expect(await postsWithSourceIds(ids)).toHaveLength(2);
    // The command line has no moderator: its imports are not in the admin audit log.
    expect(await importAudits()).toHaveLength(audited);
  });

  it('lists the first 100 refused rows and counts the rest', async () => {
    const { companyId } = await createCompany();
    const file = join(dir, 'large.csv');
    const large = largeFile(220, [companyId], 10);
    writeFileSync(file, large.text);
    const dry = await run(file, '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.err.filter((line) => line.includes('[不備]'))).toHaveLength(100);
    expect(dry.err).toContain('  ほか 98 行に不備があります。');
  });

  it('prints the usage and exits 2 as a process, before opening any database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import-employee-reviews.ts'], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('使い方: npm run import:employee-reviews -- ファイル.csv [--dry-run] [--skip-invalid]');
  });
});
