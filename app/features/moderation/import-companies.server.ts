import { desc, eq, sql } from 'drizzle-orm';
import { db, selectRows, writeRows } from '../../db/client.server';
import { type CompanyImportStatus, RUNNING_COMPANY_IMPORT_STATUSES } from '../../db/enums';
import { isUniqueViolation } from '../../db/errors';
import { type CompanyImportCounts, companyImports, industries, prefectures, type RefusedCompanyLine } from '../../db/schema';
import { type DbOrTx, inTransaction } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { invalidatePageCache } from '../../lib/page-cache.server';
import { refreshCompanyCatalog } from '../search/company-catalog.server';
import { recordModeratorAction } from './audit-log.server';
import { type CorporationRecord, judgeLine, readCorporateNumberCsv } from './corporate-number-csv';
import { inBatches, UnreadableCsv } from './employee-review-csv';
import { counted, ImportJobs, type OpenFile, type Pacer } from './import-jobs.server';

export type { CompanyImportCounts, CompanyImportStatus };

/** The industry of imported companies until a moderator sets theirs: the data has none. */
export const UNCLASSIFIED_INDUSTRY = '未分類';

/**
 * Lines read, judged and written between two rests: on the embedded database a batch's
 * statements run in this thread, and a page waits behind them, so a batch is a few tens of ms.
 */
const BATCH_LINES = 500;
/** How often the progress moves while nothing is written (each write also moves it). */
const PROGRESS_MS = 500;
/** The refused lines a report keeps; the counts say how many there were. */
const SHOWN_REFUSED_LINES = 100;

export type CompanyImportOptions = {
  dryRun: boolean;
  /** 法人種別 codes to import (301 株式会社 by default). */
  kinds: readonly string[];
  /** Who imports (the audit log); null for the command line. */
  moderatorId: number | null;
  fileName: string;
};

export type CompanyImportView = {
  id: number;
  fileName: string;
  dryRun: boolean;
  kinds: string[];
  status: CompanyImportStatus;
  running: boolean;
  /** How far the file is read, 0–100; null once finished. */
  percent: number | null;
  counts: CompanyImportCounts;
  refusedLines: RefusedCompanyLine[];
  fileError: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export function emptyCounts(): CompanyImportCounts {
  return {
    lines: 0,
    considered: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    closed: 0,
    notLatest: 0,
    otherKinds: 0,
    excluded: 0,
    closedUnknown: 0,
    refused: 0,
    withoutReading: 0,
  };
}

const isRunning = (status: CompanyImportStatus) => (RUNNING_COMPANY_IMPORT_STATUSES as readonly string[]).includes(status);

// ---------------------------------------------------------------- the import's row

type ImportRow = typeof companyImports.$inferSelect;
type ImportUpdate = Partial<Omit<typeof companyImports.$inferInsert, 'id'>>;

async function createImport(options: CompanyImportOptions, fileBytes: number): Promise<number> {
  try {
    const [row] = await db()
      .insert(companyImports)
      .values({
        moderatorId: options.moderatorId,
        fileName: options.fileName,
        fileBytes,
        dryRun: options.dryRun,
        kinds: [...options.kinds],
      })
      .returning({ id: companyImports.id });
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('company_import_running');
    throw error;
  }
}

async function updateImport(id: number, fields: ImportUpdate, handle: DbOrTx = db()): Promise<void> {
  await handle
    .update(companyImports)
    .set({ ...fields, heartbeatAt: sql`now()` })
    .where(eq(companyImports.id, id));
}

const wroteAnything = (counts: CompanyImportCounts | null) => !!counts && counts.added + counts.updated + counts.closed > 0;

/** Ends an import; a moderator's import that wrote gets its audit row. */
async function finishImport(id: number, status: CompanyImportStatus, fields: ImportUpdate = {}): Promise<ImportRow> {
  const finished = await inTransaction(undefined, async (tx) => {
    const [row] = await tx
      .update(companyImports)
      .set({ ...fields, status, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(eq(companyImports.id, id))
      .returning();
    if (row && row.moderatorId !== null && !row.dryRun && wroteAnything(row.counts)) {
      await recordModeratorAction({
        tx,
        moderatorId: row.moderatorId,
        action: 'import_companies',
        detail: {
          importId: row.id,
          file: row.fileName,
          kinds: row.kinds,
          ...row.counts,
          ...(status === 'interrupted' ? { interrupted: true } : {}),
        },
      });
    }
    return row!;
  });
  if (!finished.dryRun && wroteAnything(finished.counts)) {
    // This process's search is rebuilt now; every other process's within its 5 s check.
    refreshCompanyCatalog();
    invalidatePageCache();
  }
  return finished;
}

// ---------------------------------------------------------------- a batch

type Existing = {
  id: number;
  corporate_number: string | null;
  name: string;
  kana: string;
  prefecture_id: number;
  closed_at: string | null;
};
type Change = { id: number; corporate_number: string; name: string; kana: string; prefecture_id: number; closed_at: string | null };
type Addition = { corporate_number: string; name: string; kana: string; prefecture_id: number };

/** What a batch of records does to the catalogue: the companies to add and the changes to write. */
type Plan = { additions: Addition[]; changes: Change[]; counts: Partial<CompanyImportCounts> };

const sameInstant = (a: string | null, b: Date | null) => (a === null ? b === null : b !== null && new Date(a).getTime() === b.getTime());

/**
 * Compares a batch's records with the catalogue (one query by 法人番号, one for companies added by
 * hand under the same name and prefecture, which the record claims when exactly one matches).
 */
async function planBatch(records: CorporationRecord[], handle: DbOrTx): Promise<Plan> {
  const numbers = records.map((record) => record.corporateNumber);
  const numbered = await selectRows<Existing>(
    sql`SELECT id, corporate_number, name, kana, prefecture_id, closed_at FROM companies WHERE corporate_number IN (SELECT json_array_elements_text(${JSON.stringify(numbers)}::json))`,
    handle,
  );
  const byNumber = new Map(numbered.map((row) => [row.corporate_number!, row]));
  const unknownNames = [...new Set(records.filter((record) => !byNumber.has(record.corporateNumber)).map((record) => record.name))];
  const unnumbered =
    unknownNames.length === 0
      ? []
      : await selectRows<Existing>(
          sql`SELECT id, corporate_number, name, kana, prefecture_id, closed_at FROM companies
               WHERE corporate_number IS NULL AND name IN (SELECT json_array_elements_text(${JSON.stringify(unknownNames)}::json))`,
          handle,
        );
  const byNameAndPlace = new Map<string, Existing[]>();
  for (const row of unnumbered) {
    const key = `${row.prefecture_id}\u0000${row.name}`;
    byNameAndPlace.set(key, [...(byNameAndPlace.get(key) ?? []), row]);
  }
  const claimed = new Set<number>();
  const plan: Plan = {
    additions: [],
    changes: [],
    counts: { added: 0, updated: 0, unchanged: 0, closed: 0, closedUnknown: 0, withoutReading: 0 },
  };
  const counts = plan.counts as CompanyImportCounts;
  for (const record of records) {
    let existing = byNumber.get(record.corporateNumber);
    if (!existing) {
      const matches = byNameAndPlace.get(`${record.prefectureId}\u0000${record.name}`) ?? [];
      if (matches.length === 1 && !claimed.has(matches[0]!.id)) {
        existing = matches[0]!;
        claimed.add(existing.id);
      }
    }
    if (!existing) {
      if (record.closedAt) {
        counts.closedUnknown++;
        continue;
      }
      plan.additions.push({
        corporate_number: record.corporateNumber,
        name: record.name,
        kana: record.kana,
        prefecture_id: record.prefectureId,
      });
      counts.added++;
      if (record.kana === '') counts.withoutReading++;
      continue;
    }
    // A line without a usable フリガナ keeps the reading the company has (a moderator's).
    const kana = record.kana === '' ? existing.kana : record.kana;
    const closedAt = existing.closed_at !== null && record.closedAt !== null ? new Date(existing.closed_at) : record.closedAt;
    const same =
      existing.corporate_number === record.corporateNumber &&
      existing.name === record.name &&
      existing.kana === kana &&
      existing.prefecture_id === record.prefectureId &&
      sameInstant(existing.closed_at, closedAt);
    if (same) {
      counts.unchanged++;
      continue;
    }
    plan.changes.push({
      id: existing.id,
      corporate_number: record.corporateNumber,
      name: record.name,
      kana,
      prefecture_id: record.prefectureId,
      closed_at: closedAt?.toISOString() ?? null,
    });
    if (existing.closed_at === null && closedAt !== null) counts.closed++;
    else counts.updated++;
  }
  return plan;
}

/** Writes a plan: one INSERT and one UPDATE for the whole batch. */
async function writePlan(plan: Plan, industryId: number, tx: DbOrTx): Promise<void> {
  if (plan.additions.length > 0) {
    await writeRows(
      sql`
      INSERT INTO companies (corporate_number, name, kana, prefecture_id, industry_id)
      SELECT r.corporate_number, r.name, r.kana, r.prefecture_id, ${industryId}
        FROM json_to_recordset(${JSON.stringify(plan.additions)}::json)
          AS r(corporate_number text, name text, kana text, prefecture_id smallint)
      ON CONFLICT (corporate_number) DO NOTHING`,
      tx,
    );
  }
  if (plan.changes.length > 0) {
    await writeRows(
      sql`
      UPDATE companies c
         SET corporate_number = r.corporate_number, name = r.name, kana = r.kana,
             prefecture_id = r.prefecture_id, closed_at = r.closed_at, updated_at = now()
        FROM json_to_recordset(${JSON.stringify(plan.changes)}::json)
          AS r(id integer, corporate_number text, name text, kana text, prefecture_id smallint, closed_at timestamptz)
       WHERE c.id = r.id`,
      tx,
    );
  }
}

function addCounts(into: CompanyImportCounts, more: Partial<CompanyImportCounts>): void {
  for (const [key, value] of Object.entries(more) as Array<[keyof CompanyImportCounts, number]>) into[key] += value;
}

/** The id of 未分類, written the first time an import needs it (last in the industry lists). */
async function unclassifiedIndustryId(): Promise<number> {
  await db().insert(industries).values({ name: UNCLASSIFIED_INDUSTRY, sortOrder: 999 }).onConflictDoNothing();
  const [row] = await db().select({ id: industries.id }).from(industries).where(eq(industries.name, UNCLASSIFIED_INDUSTRY));
  return row!.id;
}

/** Prefecture names and JIS codes (as the data writes them: 13) to ids. */
async function prefectureIds(): Promise<Map<string, number>> {
  const rows = await db().select({ id: prefectures.id, name: prefectures.name }).from(prefectures);
  return new Map(rows.flatMap((row) => [[row.name, row.id] as const, [String(row.id).padStart(2, '0'), row.id] as const]));
}

// ---------------------------------------------------------------- the pass

/** The import's one pass over the file (the jobs run it with its heartbeat, and end it 中断 on a failure). */
async function passes(id: number, options: CompanyImportOptions, open: OpenFile, pacer: Pacer) {
  const counts = emptyCounts();
  const refusedLines: RefusedCompanyLine[] = [];
  try {
    const kinds = new Set(options.kinds);
    const places = await prefectureIds();
    const industryId = options.dryRun ? 0 : await unclassifiedIndustryId();
    await updateImport(id, { status: 'importing', bytesRead: 0, counts });
    let bytesRead = 0;
    const lines = readCorporateNumberCsv(
      counted(open(), (n) => {
        bytesRead = n;
      }),
    );
    let shownAt = performance.now();
    for await (const batch of inBatches(lines, BATCH_LINES)) {
      // The last record of a corporation in the batch is the one that counts (a 差分 file may
      // carry several changes of one corporation in a day).
      const records = new Map<string, CorporationRecord>();
      counts.lines += batch.length;
      for (const { line, cells } of batch) {
        const verdict = judgeLine(cells, kinds, places);
        if (verdict.kind === 'record') {
          records.delete(verdict.record.corporateNumber);
          records.set(verdict.record.corporateNumber, verdict.record);
          counts.considered++;
        } else if (verdict.kind === 'refused') {
          counts.refused++;
          if (refusedLines.length < SHOWN_REFUSED_LINES) {
            refusedLines.push({
              line,
              // Cut by characters, not UTF-16 units: half of 𠮷 is no text the report (jsonb) can keep.
              corporateNumber: [...verdict.corporateNumber].slice(0, 20).join(''),
              name: [...verdict.name].slice(0, 100).join(''),
              reason: verdict.reason,
            });
          }
        } else {
          counts[verdict.kind === 'otherKind' ? 'otherKinds' : verdict.kind]++;
        }
      }
      if (records.size > 0 && !options.dryRun) {
        await inTransaction(undefined, async (tx) => {
          const plan = await planBatch([...records.values()], tx);
          await writePlan(plan, industryId, tx);
          addCounts(counts, plan.counts);
          await updateImport(id, { counts, refusedLines, bytesRead }, tx);
        });
        shownAt = performance.now();
      } else {
        if (records.size > 0) addCounts(counts, (await planBatch([...records.values()], db())).counts);
        if (performance.now() - shownAt >= PROGRESS_MS) {
          await updateImport(id, { counts, refusedLines, bytesRead });
          shownAt = performance.now();
        }
      }
      await pacer.rest();
    }
    return await finishImport(id, options.dryRun ? 'dry_run' : 'imported', { counts, refusedLines, bytesRead });
  } catch (error) {
    // What was read before the unreadable place stays in the report.
    if (error instanceof UnreadableCsv) return await finishImport(id, 'unreadable', { counts, refusedLines, fileError: error.message });
    throw error;
  }
}

const kind = { name: 'company import', table: companyImports, folder: 'company-import-files', passes };
const steps = { insert: createImport, update: updateImport, end: finishImport, view: toView };
/**
 * The imports of this kind: `start` (the upload), `runFile` (the command line), `settled`, `stopAll`
 * (the server stopping) and `interruptAbandoned` (ImportJobs).
 */
export const companyImportJobs = new ImportJobs<CompanyImportOptions, CompanyImportView>({ ...kind, ...steps });

// ---------------------------------------------------------------- reading imports

function toView(row: ImportRow): CompanyImportView {
  const running = isRunning(row.status);
  return {
    id: row.id,
    fileName: row.fileName,
    dryRun: row.dryRun,
    kinds: row.kinds,
    status: row.status,
    running,
    percent: running ? (row.fileBytes === 0 ? 0 : Math.min(100, Math.floor((row.bytesRead / row.fileBytes) * 100))) : null,
    counts: { ...emptyCounts(), ...row.counts },
    refusedLines: row.refusedLines,
    fileError: row.fileError,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The latest imports, newest first. */
export async function recentCompanyImports(limit = 5): Promise<CompanyImportView[]> {
  const rows = await db().select().from(companyImports).orderBy(desc(companyImports.id)).limit(limit);
  return rows.map((row) => ({ ...toView(row), refusedLines: [] }));
}
