// Reading and checking the 社員クチコミ import file (docs/decisions/029-admin-catalog.md,
// 028-csv-import.md): RFC 4180 CSV in UTF-8 (with or without BOM) parsed by csv-parse, a
// header row naming the columns of employee-review-columns.ts, and every row checked against
// the employee_word_mouth type module's strict schema, with reasons in Japanese. Pure: what
// needs the database (companies, ids already imported) is checked by the import itself.
import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { employeeWordMouth } from '../posts/types/employee-word-mouth';
import type { PostContentOf } from '../posts/types/registry';
import {
  EMPLOYEE_REVIEW_COLUMNS,
  type EmployeeReviewColumn,
  type EmployeeReviewColumnName,
  SOURCE_ID_MAX,
} from './employee-review-columns';

export type CsvRow = {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  /** The cells by column name; a column the row lacks is ''. */
  cells: Record<EmployeeReviewColumnName, string>;
  /** Set when the row has another number of cells than the header. */
  cellCount: number;
};

export type ParsedCsv = { ok: true; rows: CsvRow[]; columns: number } | { ok: false; error: string };

export type EmployeeReviewContent = PostContentOf<'employee_word_mouth'>;

export type CheckedRow =
  | { ok: true; line: number; sourceId: string; companyId: number; content: EmployeeReviewContent; publishedAt: Date | null }
  | { ok: false; line: number; sourceId: string; companyId: number | null; title: string; reasons: string[] };

const COLUMNS: readonly EmployeeReviewColumn[] = EMPLOYEE_REVIEW_COLUMNS;
const COLUMN_NAMES = new Set<string>(COLUMNS.map((column) => column.name));
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const EARLIEST_PUBLISHED = Date.parse('2000-01-01T00:00:00+09:00');

/** 「タイトル（title）」: how a reason names a column. */
function named(column: EmployeeReviewColumn): string {
  return `${column.label}（${column.name}）`;
}

/**
 * The file's bytes as text: UTF-8, a BOM dropped. Shift_JIS (what Excel saves as plain 「CSV」)
 * is refused with the way to save UTF-8 instead.
 */
export function decodeCsvBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return {
      ok: false,
      error:
        'ファイルをUTF-8の文字として読み取れませんでした。Excelでは「CSV UTF-8（コンマ区切り）」を選んで保存してから、もう一度お試しください。',
    };
  }
}

function csvErrorMessage(error: CsvError): string {
  const where = typeof error.lines === 'number' ? `${error.lines}行目付近: ` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `CSVを読み取れませんでした（${where}「"」で始まる項目が閉じられていません）。`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `CSVを読み取れませんでした（${where}「"」で囲んだ項目の後に、区切りのコンマ以外の文字があります。項目の中の「"」は「""」と2つ重ねてください）。`;
    default:
      return `CSVを読み取れませんでした（${where}形式が正しくありません）。`;
  }
}

/** The number of line breaks inside a record's raw text (the skipped empty lines before it and its own end left out). */
function innerLineBreaks(raw: string): number {
  const body = raw.replace(/^\n+/u, '').replace(/\n$/u, '');
  let count = 0;
  for (const char of body) if (char === '\n') count++;
  return count;
}

/** Parses the file: the header row, then one CsvRow per non-empty record. */
export function parseEmployeeReviewCsv(text: string): ParsedCsv {
  // One kind of line break, so that line numbers count what an editor shows (csv-parse counts
  // \r\n inside quotes twice); texts keep their breaks as \n, which is how posts store them.
  const normalized = text.replace(/^\uFEFF/u, '').replace(/\r\n?/gu, '\n');
  let records: Array<{ record: string[]; raw: string; info: { lines: number } }>;
  try {
    records = parse(normalized, { raw: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, error: csvErrorMessage(error) };
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { ok: false, error: 'ファイルが空です。1行目に見出し（source_id,company_id,…）を入れてください。' };

  const names = header.record.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !COLUMN_NAMES.has(name));
  if (unknown.length > 0) {
    const shown = unknown.map((name) => (name === '' ? '（空の見出し）' : name)).join('、');
    return { ok: false, error: `見出し行に不明な列があります: ${shown}。使える列は ${[...COLUMN_NAMES].join(', ')} です。` };
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) return { ok: false, error: `見出し行に同じ列が2回あります: ${[...new Set(repeated)].join('、')}。` };
  const missing = COLUMNS.filter((column) => column.required && !names.includes(column.name));
  if (missing.length > 0) {
    return { ok: false, error: `見出し行に必須の列がありません: ${missing.map((column) => column.name).join('、')}。` };
  }

  const rows: CsvRow[] = [];
  for (const { record, raw, info } of body) {
    // A row of empty cells (Excel leaves ",,,,," after the data) is no row.
    if (record.every((cell) => cell.trim() === '')) continue;
    const cells = Object.fromEntries(COLUMNS.map((column) => [column.name, ''])) as Record<EmployeeReviewColumnName, string>;
    names.forEach((name, index) => {
      cells[name as EmployeeReviewColumnName] = record[index] ?? '';
    });
    rows.push({ line: info.lines - innerLineBreaks(raw), cells, cellCount: record.length });
  }
  if (rows.length === 0) return { ok: false, error: '見出し行のほかに取り込む行がありません。' };
  return { ok: true, rows, columns: names.length };
}

/**
 * 公開日時: 2024-05-01 / 2024/5/1 (midnight in Japan), with a time (2024/5/1 10:00, in Japan),
 * or ISO 8601 with its offset (2024-05-01T10:00:00Z). Not before 2000, not in the future.
 */
export function parsePublishedAt(value: string, now: number = Date.now()): Date | null {
  const text = value.normalize('NFKC').trim();
  const local = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/u.exec(text);
  let at: number;
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0'] = local;
    const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
    at = Date.UTC(...parts) - JST_OFFSET_MS;
    // Date.UTC rolls 2024-02-30 over to March: such a date is refused.
    const check = new Date(at + JST_OFFSET_MS);
    const same =
      check.getUTCFullYear() === parts[0] &&
      check.getUTCMonth() === parts[1] &&
      check.getUTCDate() === parts[2] &&
      check.getUTCHours() === parts[3] &&
      check.getUTCMinutes() === parts[4] &&
      check.getUTCSeconds() === parts[5];
    if (!same) return null;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/u.test(text)) {
    at = Date.parse(text);
  } else {
    return null;
  }
  if (Number.isNaN(at) || at < EARLIEST_PUBLISHED || at > now + DAY_MS) return null;
  return new Date(at);
}

/** A positive id as typed in a cell (full-width digits allowed), or null. */
export function parseCompanyId(value: string): number | null {
  const text = value.normalize('NFKC').trim();
  if (!/^[1-9][0-9]{0,9}$/u.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

type Issue = z.core.$ZodIssue;

/** The reasons, in Japanese, for the type schema's issues: one line per kind, naming the columns. */
function contentReasons(issues: readonly Issue[], skip: Set<string>): string[] {
  const tooLong: string[] = [];
  const tooShort: string[] = [];
  const other: string[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const column = COLUMNS.find((candidate) => candidate.contentKey === key);
    if (!column || skip.has(column.name) || seen.has(column.name)) continue;
    seen.add(column.name);
    if (issue.code === 'too_big' && issue.origin === 'string')
      tooLong.push(`${column.label}（${column.name}、${String(issue.maximum)}文字以内）`);
    else if (issue.code === 'too_small' && issue.origin === 'string')
      tooShort.push(`${column.label}（${column.name}、${String(issue.minimum)}文字以上）`);
    else if (column.name === 'employment') other.push(`在籍状況（employment）は${column.note}にしてください。`);
    else if (column.name === 'rating') other.push(`総合評価（rating）は${column.note}にしてください。`);
    else if (column.name === 'tenure_years') other.push(`在籍年数（tenure_years）は${column.note}にしてください。`);
    else other.push(`${named(column)}: ${issue.message}`);
  }
  const reasons: string[] = [];
  if (tooLong.length > 0) reasons.push(`文字数が多すぎます: ${tooLong.join('、')}`);
  if (tooShort.length > 0) reasons.push(`文字数が足りません: ${tooShort.join('、')}`);
  return [...reasons, ...other];
}

/**
 * Checks one row on its own: required cells, the source id, the company id's form, the
 * publication time and the content against the type module's strict schema.
 */
export function checkEmployeeReviewRow(row: CsvRow, columns: number, now: number = Date.now()): CheckedRow {
  const { cells, line } = row;
  const sourceId = cells.source_id.trim();
  const companyId = parseCompanyId(cells.company_id);
  const title = cells.title.trim();
  const invalid = (reasons: string[]): CheckedRow => ({ ok: false, line, sourceId, companyId, title, reasons });

  if (row.cellCount !== columns) {
    return invalid([
      `列の数が見出し行と合いません（見出し ${columns}列、この行 ${row.cellCount}列）。項目の中のコンマや改行は「"」で囲んでください。`,
    ]);
  }
  const reasons: string[] = [];
  const missing = COLUMNS.filter((column) => column.required && cells[column.name as EmployeeReviewColumnName].trim() === '');
  if (missing.length > 0) reasons.push(`必須項目がありません: ${missing.map(named).join('、')}`);
  const missingNames = new Set(missing.map((column) => column.name));

  if (sourceId.length > SOURCE_ID_MAX) reasons.push(`文字数が多すぎます: 取込元ID（source_id、${SOURCE_ID_MAX}文字以内）`);
  if (!missingNames.has('company_id') && companyId === null) reasons.push('企業ID（company_id）は企業一覧の「ID」の数字にしてください。');
  let publishedAt: Date | null = null;
  if (cells.published_at.trim() !== '') {
    publishedAt = parsePublishedAt(cells.published_at, now);
    if (!publishedAt) {
      reasons.push('公開日時（published_at）は 2024-05-01 や 2024/5/1 10:00 の形で、2000年以降・未来でない日時にしてください。');
    }
  }

  const content: Record<string, string> = {};
  for (const column of COLUMNS) if (column.contentKey) content[column.contentKey] = cells[column.name as EmployeeReviewColumnName];
  const parsed = employeeWordMouth.schema.safeParse(content);
  if (!parsed.success) reasons.push(...contentReasons(parsed.error.issues, missingNames));

  if (reasons.length > 0 || !parsed.success || companyId === null) return invalid(reasons);
  return { ok: true, line, sourceId, companyId, content: parsed.data, publishedAt };
}

/** Checks every row, and refuses every row of a source id the file has more than once. */
export function checkEmployeeReviewRows(rows: readonly CsvRow[], columns: number, now: number = Date.now()): CheckedRow[] {
  const linesById = new Map<string, number[]>();
  for (const row of rows) {
    const id = row.cells.source_id.trim();
    if (id !== '') linesById.set(id, [...(linesById.get(id) ?? []), row.line]);
  }
  return rows.map((row) => {
    const checked = checkEmployeeReviewRow(row, columns, now);
    const lines = linesById.get(checked.sourceId) ?? [];
    if (lines.length < 2) return checked;
    const reason = `source_id がファイル内で重複しています（${lines.map((n) => `${n}行目`).join('、')}）。`;
    if (checked.ok)
      return {
        ok: false,
        line: checked.line,
        sourceId: checked.sourceId,
        companyId: checked.companyId,
        title: checked.content.title,
        reasons: [reason],
      };
    return { ...checked, reasons: [...checked.reasons, reason] };
  });
}
