// The 社員クチコミ import (issue 14; docs/decisions/029-admin-catalog.md): a CSV file becomes
// published employee_word_mouth posts, all in one transaction or none. A dry run reports what
// would happen and writes nothing; a real run refuses the whole file while any row is invalid,
// unless asked to skip those rows. Rows are keyed by their source id (posts.import_source_id,
// unique): an id already stored is reported as 取込済み, and two imports of one file at once
// store each post once (publishPost's ON CONFLICT DO NOTHING).
import { inArray } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, posts } from '../../db/schema';
import { publishPost } from '../posts/publish-post.server';
import { invalidateCompanyCatalog } from '../search/company-catalog.server';
import { recordModeratorAction } from './audit-log.server';
import { type CheckedRow, checkEmployeeReviewRows, decodeCsvBytes, parseEmployeeReviewCsv } from './employee-review-csv';

/** ready: valid and new (imported by a real run); imported: stored now; skipped: its source id is stored already. */
export type ImportRowStatus = 'ready' | 'imported' | 'skipped' | 'invalid';

export type ImportRow = {
  line: number;
  sourceId: string;
  companyId: number | null;
  companyName: string | null;
  title: string;
  status: ImportRowStatus;
  reasons: string[];
  postId: number | null;
};

/**
 * dry_run: checked only; refused: a real run that imported nothing because rows are invalid;
 * imported: a real run that stored its new rows; unreadable: the file itself could not be read.
 */
export type ImportOutcome = 'dry_run' | 'refused' | 'imported' | 'unreadable';

export type ImportReport = {
  outcome: ImportOutcome;
  dryRun: boolean;
  skipInvalid: boolean;
  /** Why the file could not be read (outcome unreadable). */
  fileError: string | null;
  counts: { rows: number; ready: number; imported: number; skipped: number; invalid: number };
  rows: ImportRow[];
};

export const ALREADY_IMPORTED = '取込済み';

function countsOf(rows: readonly ImportRow[]): ImportReport['counts'] {
  const count = (status: ImportRowStatus) => rows.filter((row) => row.status === status).length;
  return { rows: rows.length, ready: count('ready'), imported: count('imported'), skipped: count('skipped'), invalid: count('invalid') };
}

/** The companies of the rows' ids that exist, with their names. */
async function companyNames(ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db().select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The source ids among `ids` that are stored already. */
async function storedSourceIds(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db().select({ id: posts.importSourceId }).from(posts).where(inArray(posts.importSourceId, ids));
  return new Set(rows.map((row) => row.id!));
}

function toReportRow(checked: CheckedRow, names: Map<number, string>, stored: Set<string>): ImportRow {
  const companyName = checked.companyId === null ? null : (names.get(checked.companyId) ?? null);
  const reasons = checked.ok ? [] : [...checked.reasons];
  if (checked.companyId !== null && companyName === null) reasons.unshift(`企業が見つかりません（company_id: ${checked.companyId}）`);
  const base = {
    line: checked.line,
    sourceId: checked.sourceId,
    companyId: checked.companyId,
    companyName,
    title: checked.ok ? checked.content.title : checked.title,
    postId: null,
  };
  if (reasons.length > 0) return { ...base, status: 'invalid', reasons };
  if (stored.has(checked.sourceId)) return { ...base, status: 'skipped', reasons: [ALREADY_IMPORTED] };
  return { ...base, status: 'ready', reasons: [] };
}

export async function importEmployeeReviews(options: {
  csvText: string;
  dryRun: boolean;
  skipInvalid: boolean;
  /** Who imports (the audit log); the command-line import has none. */
  moderatorId?: number;
  /** The file's name, for the audit log. */
  sourceName?: string;
  /** For tests: the time the publication dates are checked against. */
  now?: number;
}): Promise<ImportReport> {
  const { dryRun, skipInvalid } = options;
  const parsed = parseEmployeeReviewCsv(options.csvText);
  if (!parsed.ok) {
    return { outcome: 'unreadable', dryRun, skipInvalid, fileError: parsed.error, counts: countsOf([]), rows: [] };
  }
  const checked = checkEmployeeReviewRows(parsed.rows, parsed.columns, options.now);
  const companyIds = [...new Set(checked.flatMap((row) => (row.companyId === null ? [] : [row.companyId])))];
  const [names, stored] = await Promise.all([
    companyNames(companyIds),
    storedSourceIds([...new Set(checked.flatMap((row) => (row.sourceId ? [row.sourceId] : [])))]),
  ]);
  const rows = checked.map((row) => toReportRow(row, names, stored));
  const report = (outcome: ImportOutcome): ImportReport => ({
    outcome,
    dryRun,
    skipInvalid,
    fileError: null,
    counts: countsOf(rows),
    rows,
  });

  if (dryRun) return report('dry_run');
  if (rows.some((row) => row.status === 'invalid') && !skipInvalid) return report('refused');

  const content = new Map(checked.flatMap((row) => (row.ok ? [[row.line, row] as const] : [])));
  await db().transaction(async (tx) => {
    for (const row of rows) {
      const valid = content.get(row.line);
      if (row.status !== 'ready' || !valid) continue;
      const published = await publishPost({
        tx,
        type: 'employee_word_mouth',
        authorId: null,
        companyId: valid.companyId,
        content: valid.content,
        publishedAt: valid.publishedAt ?? undefined,
        importSourceId: valid.sourceId,
      });
      row.postId = published.postId;
      // Stored by another import since this one looked.
      if (published.alreadyImported) Object.assign(row, { status: 'skipped', reasons: [ALREADY_IMPORTED] });
      else row.status = 'imported';
    }
    if (options.moderatorId !== undefined) {
      const counts = countsOf(rows);
      await recordModeratorAction({
        tx,
        moderatorId: options.moderatorId,
        action: 'import_employee_reviews',
        detail: {
          file: options.sourceName ?? null,
          rows: counts.rows,
          imported: counts.imported,
          skipped: counts.skipped,
          invalid: counts.invalid,
          skipInvalid,
        },
      });
    }
  });
  // publishPost moved the companies' post counts: this process's search shows them at once.
  if (rows.some((row) => row.status === 'imported')) invalidateCompanyCatalog();
  return report('imported');
}

/**
 * importEmployeeReviews for a file's bytes (the upload, the command line): UTF-8 with or without
 * a BOM; other bytes (Shift_JIS from Excel) are an unreadable file, with the way to save UTF-8.
 */
export async function importEmployeeReviewFile(
  options: Omit<Parameters<typeof importEmployeeReviews>[0], 'csvText'> & { bytes: Uint8Array },
): Promise<ImportReport> {
  const { bytes, ...rest } = options;
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) {
    return {
      outcome: 'unreadable',
      dryRun: rest.dryRun,
      skipInvalid: rest.skipInvalid,
      fileError: decoded.error,
      counts: countsOf([]),
      rows: [],
    };
  }
  return importEmployeeReviews({ ...rest, csvText: decoded.text });
}
