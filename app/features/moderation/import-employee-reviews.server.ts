import { desc, eq, inArray, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { type EmployeeReviewImportStatus, RUNNING_IMPORT_STATUSES } from '../../db/enums';

export type { EmployeeReviewImportStatus };
import { isUniqueViolation } from '../../db/errors';
import { companies, employeeReviewImports, posts, type RefusedImportRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { invalidatePageCache } from '../../lib/page-cache.server';
import { publishImportedPosts } from '../posts/publish-post.server';
import { invalidateCompanyCatalog } from '../search/company-catalog.server';
import { recordModeratorAction } from './audit-log.server';
import {
  type CheckedRow,
  type CsvRow,
  checkEmployeeReviewRowInFile,
  inBatches,
  keepRefusedRow,
  readEmployeeReviewCsv,
  SourceIdIndex,
} from './employee-review-csv';
import { counted, cpuMs, ImportJobs, type OpenFile, type Pacer } from './import-jobs.server';

export const ALREADY_IMPORTED = '取込済み';

/**
 * Rows read, checked and looked up between two rests: a few tens of milliseconds of work in this
 * thread (the embedded database runs here too), so that a page never waits long behind them.
 */
const BATCH_ROWS = 100;
/**
 * How long (in CPU time) one write transaction should take. On PGlite a transaction holds the one
 * connection and, at its commit, runs the post_listings trigger of every new post in this thread
 * (about 3 ms a post): the number of posts a transaction writes follows from the last one's time,
 * within bounds (below 10 posts a transaction's own statements cost more than its posts).
 */
const WRITE_TARGET_MS = 50;
const WRITE_MIN_POSTS = 10;
const WRITE_MAX_POSTS = 100;
/** How often the page's counts move while the import reads (each write transaction also moves them). */
const PROGRESS_MS = 500;

export type ImportOptions = {
  dryRun: boolean;
  skipInvalid: boolean;
  /** Who imports (the audit log); null for the command line. */
  moderatorId: number | null;
  /** The file's name, for the page and the audit log. */
  fileName: string;
  /** For tests: the time the publication dates are checked against. */
  now?: number;
};

export type ImportCounts = { rows: number; ready: number; imported: number; skipped: number; invalid: number };

/** An import as the page and the command line show it. */
export type ImportView = {
  id: number;
  fileName: string;
  dryRun: boolean;
  skipInvalid: boolean;
  status: EmployeeReviewImportStatus;
  running: boolean;
  /** How far the running pass is, 0–100 (checking counts both reading passes); null once finished. */
  percent: number | null;
  counts: ImportCounts;
  /** Why the file could not be read (status unreadable). */
  fileError: string | null;
  /** The first refused rows (at most 100), with their companies' names where they exist. */
  refusedRows: Array<RefusedImportRow & { companyName: string | null }>;
  createdAt: string;
  finishedAt: string | null;
};

const isRunning = (status: EmployeeReviewImportStatus) => (RUNNING_IMPORT_STATUSES as readonly string[]).includes(status);

// ---------------------------------------------------------------- the import's row

type ImportRow = typeof employeeReviewImports.$inferSelect;
type ImportUpdate = Partial<Omit<typeof employeeReviewImports.$inferInsert, 'id'>>;

async function createImport(options: ImportOptions, fileBytes: number): Promise<number> {
  try {
    const [row] = await db()
      .insert(employeeReviewImports)
      .values({
        moderatorId: options.moderatorId,
        fileName: options.fileName,
        fileBytes,
        dryRun: options.dryRun,
        skipInvalid: options.skipInvalid,
      })
      .returning({ id: employeeReviewImports.id });
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('import_running');
    throw error;
  }
}

/** Writes the progress of a running import (its process lives: the heartbeat moves too). */
async function updateImport(id: number, fields: ImportUpdate, handle = db()): Promise<void> {
  await handle
    .update(employeeReviewImports)
    .set({ ...fields, heartbeatAt: sql`now()` })
    .where(eq(employeeReviewImports.id, id));
}

/**
 * Ends an import with its outcome, and writes the audit row of a moderator's import that wrote
 * (or would have written, had it not been interrupted) anything: one row per import, as before.
 */
async function finishImport(id: number, status: EmployeeReviewImportStatus, fields: ImportUpdate = {}): Promise<ImportRow> {
  const finished = await inTransaction(undefined, async (tx) => {
    const [row] = await tx
      .update(employeeReviewImports)
      .set({ ...fields, status, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(eq(employeeReviewImports.id, id))
      .returning();
    if (row && row.moderatorId !== null && (status === 'imported' || (status === 'interrupted' && row.imported > 0))) {
      await recordModeratorAction({
        tx,
        moderatorId: row.moderatorId,
        action: 'import_employee_reviews',
        detail: {
          importId: row.id,
          file: row.fileName,
          rows: row.rows,
          imported: row.imported,
          skipped: row.skipped,
          invalid: row.invalid,
          skipInvalid: row.skipInvalid,
          ...(status === 'interrupted' ? { interrupted: true } : {}),
        },
      });
    }
    return row!;
  });
  if (finished.imported > 0) {
    // publishImportedPosts moved the companies' post counts: this process's search and pages
    // show them at once (other processes within their usual 5 and 10 s).
    invalidateCompanyCatalog();
    invalidatePageCache();
  }
  return finished;
}

// ---------------------------------------------------------------- the passes

type ValidRow = Extract<CheckedRow, { ok: true }>;

/**
 * A batch of checked rows against the database: the refused ones (with 「企業が見つかりません」 for
 * an id no company has), the valid rows already stored (取込済み) and the new ones.
 */
async function sortBatch(checked: CheckedRow[]): Promise<{ fresh: ValidRow[]; stored: ValidRow[]; refused: RefusedImportRow[] }> {
  const companyIds = [...new Set(checked.flatMap((row) => (row.companyId === null ? [] : [row.companyId])))];
  const known = new Set(
    companyIds.length === 0
      ? []
      : (await db().select({ id: companies.id }).from(companies).where(inArray(companies.id, companyIds))).map((row) => row.id),
  );
  const valid = checked.filter((row): row is ValidRow => row.ok && known.has(row.companyId));
  const sourceIds = valid.map((row) => row.sourceId);
  const stored = new Set(
    sourceIds.length === 0
      ? []
      : (await db().select({ id: posts.importSourceId }).from(posts).where(inArray(posts.importSourceId, sourceIds))).map((row) => row.id),
  );
  const refused: RefusedImportRow[] = [];
  for (const row of checked) {
    const unknownCompany = row.companyId !== null && !known.has(row.companyId);
    if (row.ok && !unknownCompany) continue;
    const reasons = row.ok ? [] : [...row.reasons];
    if (unknownCompany) reasons.unshift(`企業が見つかりません（company_id: ${row.companyId}）`);
    const title = row.ok ? row.content.title : row.title;
    refused.push({ line: row.line, sourceId: row.sourceId, companyId: row.companyId, title, reasons });
  }
  return {
    fresh: valid.filter((row) => !stored.has(row.sourceId)),
    stored: valid.filter((row) => stored.has(row.sourceId)),
    refused,
  };
}

type Pass = { rows: AsyncGenerator<CsvRow[]>; bytesRead: () => number };

/** A new reading of the file, in batches of rows. */
function readPass(open: () => AsyncIterable<Uint8Array>, batchRows: number): Pass {
  let bytes = 0;
  const rows = readEmployeeReviewCsv(
    counted(open(), (n) => {
      bytes = n;
    }),
  );
  return { rows: inBatches(rows, batchRows), bytesRead: () => bytes };
}

/** Writes the new rows of a batch in transactions of about WRITE_TARGET_MS; answers the next transaction's size. */
async function writeBatch(
  id: number,
  fresh: ValidRow[],
  written: { imported: number; skipped: number },
  bytesRead: number,
  pacer: Pacer,
  size: number,
): Promise<number> {
  let next = size;
  let at = 0;
  while (at < fresh.length) {
    const rows = fresh.slice(at, at + next);
    at += rows.length;
    const started = cpuMs();
    const committed = await inTransaction(undefined, async (tx) => {
      const inserted = await publishImportedPosts({
        tx,
        type: 'employee_word_mouth',
        posts: rows.map((row) => ({
          companyId: row.companyId,
          content: row.content,
          publishedAt: row.publishedAt ?? undefined,
          importSourceId: row.sourceId,
        })),
      });
      // A row missing from `inserted` was stored by another import (the command line) since the check.
      const after = { imported: written.imported + inserted.size, skipped: written.skipped + rows.length - inserted.size };
      await updateImport(id, { ...after, bytesRead }, tx);
      return after;
    });
    Object.assign(written, committed);
    const took = Math.max(1, cpuMs() - started);
    next = Math.max(WRITE_MIN_POSTS, Math.min(WRITE_MAX_POSTS, Math.floor((rows.length * WRITE_TARGET_MS) / took)));
    await pacer.rest();
  }
  return next;
}

/** The import's three passes over the file (the jobs run them with its heartbeat, and end it on a failure). */
async function passes(id: number, options: ImportOptions, open: OpenFile, pacer: Pacer) {
  const now = options.now ?? Date.now();
  // 1. The source ids.
  await updateImport(id, { status: 'checking', bytesRead: 0 });
  const sourceIds = new SourceIdIndex();
  const scan = readPass(open, BATCH_ROWS);
  let shown = { at: performance.now(), refused: 0 };
  for await (const batch of scan.rows) {
    for (const row of batch) sourceIds.add(row);
    if (performance.now() - shown.at >= PROGRESS_MS) {
      await updateImport(id, { bytesRead: scan.bytesRead() });
      shown = { at: performance.now(), refused: 0 };
    }
    await pacer.rest();
  }
  const scanned = scan.bytesRead();

  // 2. Every row checked; nothing written. The page sees the counts every PROGRESS_MS.
  const counts = { rows: 0, ready: 0, imported: 0, skipped: 0, invalid: 0 };
  const refusedRows: RefusedImportRow[] = [];
  const check = readPass(open, BATCH_ROWS);
  for await (const batch of check.rows) {
    const { fresh, stored, refused } = await sortBatch(batch.map((row) => checkEmployeeReviewRowInFile(row, sourceIds, now)));
    counts.rows += batch.length;
    counts.ready += fresh.length;
    counts.skipped += stored.length;
    counts.invalid += refused.length;
    for (const row of refused) keepRefusedRow(refusedRows, row);
    if (performance.now() - shown.at >= PROGRESS_MS) {
      // The refused rows only while their list grows (it stops at 100).
      const more = refusedRows.length > shown.refused ? { refusedRows } : {};
      await updateImport(id, { ...counts, ...more, bytesRead: scanned + check.bytesRead() });
      shown = { at: performance.now(), refused: refusedRows.length };
    }
    await pacer.rest();
  }
  const checked = { ...counts, refusedRows };
  if (options.dryRun) return await finishImport(id, 'dry_run', checked);
  if (counts.invalid > 0 && !options.skipInvalid) return await finishImport(id, 'refused', checked);

  // 3. The valid new rows written, in short transactions.
  await updateImport(id, { ...checked, status: 'importing', bytesRead: 0 });
  const written = { imported: 0, skipped: 0 };
  let refusedNow = 0;
  let size = WRITE_MIN_POSTS;
  const write = readPass(open, BATCH_ROWS);
  for await (const batch of write.rows) {
    const { fresh, stored, refused } = await sortBatch(batch.map((row) => checkEmployeeReviewRowInFile(row, sourceIds, now)));
    written.skipped += stored.length;
    // The rows refused now are those refused by the check, unless a company was deleted since.
    refusedNow += refused.length;
    if (fresh.length === 0) {
      if (performance.now() - shown.at >= PROGRESS_MS) {
        await updateImport(id, { ...written, bytesRead: write.bytesRead() });
        shown = { at: performance.now(), refused: 0 };
      }
      await pacer.rest();
    } else {
      size = await writeBatch(id, fresh, written, write.bytesRead(), pacer, size);
    }
  }
  return await finishImport(id, 'imported', { ...written, invalid: Math.max(counts.invalid, refusedNow) });
}

const kind = { name: 'employee review import', table: employeeReviewImports, folder: 'import-files', passes };
const steps = { insert: createImport, update: updateImport, end: finishImport, view: toView };
/**
 * The imports of this kind: `start` (the upload), `runFile` (the command line), `settled`, `stopAll`
 * (the server stopping) and `interruptAbandoned` (ImportJobs).
 */
export const employeeReviewImportJobs = new ImportJobs<ImportOptions, ImportView>({ ...kind, ...steps });

// ---------------------------------------------------------------- reading imports

function percentOf(row: ImportRow): number | null {
  if (!isRunning(row.status)) return null;
  if (row.fileBytes === 0 || row.status === 'queued') return 0;
  const total = row.status === 'checking' ? 2 * row.fileBytes : row.fileBytes;
  return Math.min(100, Math.floor((row.bytesRead / total) * 100));
}

async function toView(row: ImportRow): Promise<ImportView> {
  const companyIds = [...new Set(row.refusedRows.flatMap((refused) => (refused.companyId === null ? [] : [refused.companyId])))];
  const names = new Map(
    companyIds.length === 0
      ? []
      : (await db().select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds))).map(
          (company) => [company.id, company.name] as const,
        ),
  );
  return {
    id: row.id,
    fileName: row.fileName,
    dryRun: row.dryRun,
    skipInvalid: row.skipInvalid,
    status: row.status,
    running: isRunning(row.status),
    percent: percentOf(row),
    counts: { rows: row.rows, ready: row.ready, imported: row.imported, skipped: row.skipped, invalid: row.invalid },
    fileError: row.fileError,
    refusedRows: row.refusedRows.map((refused) => ({
      ...refused,
      companyName: refused.companyId === null ? null : (names.get(refused.companyId) ?? null),
    })),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type ImportSummary = Pick<ImportView, 'id' | 'fileName' | 'dryRun' | 'status' | 'counts' | 'createdAt'>;

/** The latest imports, newest first. */
export async function recentEmployeeReviewImports(limit = 5): Promise<ImportSummary[]> {
  const table = employeeReviewImports;
  const rows = await db()
    .select({
      id: table.id,
      fileName: table.fileName,
      dryRun: table.dryRun,
      status: table.status,
      rows: table.rows,
      ready: table.ready,
      imported: table.imported,
      skipped: table.skipped,
      invalid: table.invalid,
      createdAt: table.createdAt,
    })
    .from(table)
    .orderBy(desc(table.id))
    .limit(limit);
  return rows.map(({ rows: count, ready, imported, skipped, invalid, createdAt, ...rest }) => ({
    ...rest,
    counts: { rows: count, ready, imported, skipped, invalid },
    createdAt: createdAt.toISOString(),
  }));
}
