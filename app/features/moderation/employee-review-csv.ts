// Reading and checking the 社員クチコミ import file (docs/decisions/029-admin-catalog.md,
// 028-csv-import.md, 054-streamed-imports.md): RFC 4180 CSV in UTF-8 (with or without BOM) parsed
// by csv-parse as it streams, a header row naming the columns of employee-review-columns.ts, and
// every row checked against the employee_word_mouth type module's strict schema, with reasons in
// Japanese. Nothing here holds the whole file: the text is decoded chunk by chunk and rows come
// one at a time. Pure: what needs the database (companies, ids already imported) is checked by
// the import itself.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import type { z } from '../../lib/zod';
import type { RefusedImportRow } from '../../db/schema';
import { employeeWordMouth } from '../posts/types/employee-word-mouth';
import type { PostContentOf } from '../posts/types/registry';
import { DAY_MS, tokyoInstant, tokyoWallClock } from '../../lib/tokyo-time';
import {
  EMPLOYEE_REVIEW_COLUMNS,
  type EmployeeReviewColumn,
  type EmployeeReviewColumnName,
  MAX_IMPORT_ROWS,
  SOURCE_ID_MAX,
} from './employee-review-columns';

export type CsvRow = {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  /** The cells by column name; a column the row lacks is ''. */
  cells: Record<EmployeeReviewColumnName, string>;
  /** The number of cells the row has, and the header has. */
  cellCount: number;
  columns: number;
};

export type EmployeeReviewContent = PostContentOf<'employee_word_mouth'>;

export type CheckedRow =
  | { ok: true; line: number; sourceId: string; companyId: number; content: EmployeeReviewContent; publishedAt: Date | null }
  | { ok: false; line: number; sourceId: string; companyId: number | null; title: string; reasons: string[] };

const COLUMNS: readonly EmployeeReviewColumn[] = EMPLOYEE_REVIEW_COLUMNS;
const COLUMN_NAMES = new Set<string>(COLUMNS.map((column) => column.name));
const EARLIEST_PUBLISHED = tokyoInstant(2000, 1, 1).getTime();

/** 「タイトル（title）」: how a reason names a column. */
function named(column: EmployeeReviewColumn): string {
  return `${column.label}（${column.name}）`;
}

/** A file the import cannot use at all (its bytes, its form, its header), with the reason in Japanese. */
export class UnreadableCsv extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableCsv';
  }
}

const NOT_UTF8 =
  'ファイルをUTF-8の文字として読み取れませんでした。Excelでは「CSV UTF-8（コンマ区切り）」を選んで保存してから、もう一度お試しください。';

/** The most characters one record may have: ten times a whole review's, so that one row never fills the memory. */
export const MAX_RECORD_CHARS = 64 * 1024;

/**
 * The file's bytes as text, chunk by chunk: UTF-8, a BOM dropped, every line break made \n (so
 * that line numbers count what an editor shows: csv-parse counts \r\n inside quotes twice; texts
 * keep their breaks as \n, which is how posts store them). Shift_JIS (what Excel saves as plain
 * 「CSV」) is refused with the way to save UTF-8 instead.
 */
export async function* decodeCsvChunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // A \r at the end of a chunk may be the first half of a \r\n.
  let carriedReturn = false;
  const lines = (text: string, last: boolean) => {
    let joined = carriedReturn ? `\r${text}` : text;
    carriedReturn = !last && joined.endsWith('\r');
    if (carriedReturn) joined = joined.slice(0, -1);
    return joined.replace(/\r\n?/gu, '\n');
  };
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new UnreadableCsv(NOT_UTF8);
    }
  };
  for await (const chunk of chunks) {
    const text = lines(decode(chunk), false);
    if (text !== '') yield text;
  }
  const rest = lines(decode(), true);
  if (rest !== '') yield rest;
}

function csvErrorMessage(error: CsvError): string {
  const where = typeof error.lines === 'number' ? `${error.lines}行目付近: ` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `CSVを読み取れませんでした（${where}「"」で始まる項目が閉じられていません）。`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `CSVを読み取れませんでした（${where}「"」で囲んだ項目の後に、区切りのコンマ以外の文字があります。項目の中の「"」は「""」と2つ重ねてください）。`;
    case 'CSV_MAX_RECORD_SIZE':
      return `CSVを読み取れませんでした（${where}1行が長すぎます。1行は${MAX_RECORD_CHARS.toLocaleString('ja-JP')}文字までです。「"」の閉じ忘れがないか確かめてください）。`;
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

/** The column names of the header row; throws UnreadableCsv for a header the import cannot use. */
function headerNames(record: string[]): EmployeeReviewColumnName[] {
  const names = record.map((cell) => cell.trim().toLowerCase());
  const unknown = names.filter((name) => !COLUMN_NAMES.has(name));
  if (unknown.length > 0) {
    const shown = unknown.map((name) => (name === '' ? '（空の見出し）' : name)).join('、');
    throw new UnreadableCsv(`見出し行に不明な列があります: ${shown}。使える列は ${[...COLUMN_NAMES].join(', ')} です。`);
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw new UnreadableCsv(`見出し行に同じ列が2回あります: ${[...new Set(repeated)].join('、')}。`);
  const missing = COLUMNS.filter((column) => column.required && !names.includes(column.name));
  if (missing.length > 0) throw new UnreadableCsv(`見出し行に必須の列がありません: ${missing.map((column) => column.name).join('、')}。`);
  return names as EmployeeReviewColumnName[];
}

type ParsedRecord = { record: string[]; raw: string; info: { lines: number } };

/**
 * The rows of a file as its bytes arrive: the header row first (not yielded), then one CsvRow per
 * non-empty record. Throws UnreadableCsv for a file the import cannot use: not UTF-8, malformed
 * (an unclosed quote), a record over MAX_RECORD_CHARS, a header it cannot use, no rows, or more
 * than `maxRows` rows. Reads no further than the caller asks: stopping early closes the source.
 */
export async function* readEmployeeReviewCsv(chunks: AsyncIterable<Uint8Array>, maxRows: number = MAX_IMPORT_ROWS): AsyncGenerator<CsvRow> {
  const parser = parse({
    raw: true,
    info: true,
    // A short row is reported as that row's mistake, not as a failure of the file.
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  // An error on the way (bytes that are not UTF-8) reaches the loop below through the parser; a
  // caller that stops early ends the pipeline, which is no error.
  pipeline(Readable.from(decodeCsvChunks(chunks)), parser).catch(() => {});
  let names: EmployeeReviewColumnName[] | null = null;
  let rows = 0;
  try {
    for await (const { record, raw, info } of parser as AsyncIterable<ParsedRecord>) {
      if (!names) {
        names = headerNames(record);
        continue;
      }
      // A row of empty cells (Excel leaves ",,,,," after the data) is no row.
      if (record.every((cell) => cell.trim() === '')) continue;
      rows++;
      if (rows > maxRows) {
        throw new UnreadableCsv(
          `行が多すぎます。1つのファイルは${maxRows.toLocaleString('ja-JP')}行までです。ファイルを分けてから、もう一度お試しください。`,
        );
      }
      const cells = Object.fromEntries(COLUMNS.map((column) => [column.name, ''])) as Record<EmployeeReviewColumnName, string>;
      names.forEach((name, index) => {
        cells[name] = record[index] ?? '';
      });
      yield { line: info.lines - innerLineBreaks(raw), cells, cellCount: record.length, columns: names.length };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new UnreadableCsv(csvErrorMessage(error));
    throw error;
  } finally {
    parser.destroy();
  }
  if (!names) throw new UnreadableCsv('ファイルが空です。1行目に見出し（source_id,company_id,…）を入れてください。');
  if (rows === 0) throw new UnreadableCsv('見出し行のほかに取り込む行がありません。');
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
    const parts = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)] as const;
    at = tokyoInstant(...parts).getTime();
    // tokyoInstant rolls 2024-02-30 over to March: such a date is refused.
    const check = tokyoWallClock(at);
    const same =
      check.getUTCFullYear() === parts[0] &&
      check.getUTCMonth() + 1 === parts[1] &&
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
export function checkEmployeeReviewRow(row: CsvRow, now: number = Date.now()): CheckedRow {
  const { cells, line, columns } = row;
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

/** How many lines of a repeated source id a reason names; the rest are counted. */
const SHOWN_REPEATED_LINES = 5;

/**
 * The source ids of a file, gathered in a first pass over it, so that every row of an id the file
 * has more than once is refused, the first one too. Its size is bounded by the file's (at most
 * MAX_IMPORT_ROWS ids of at most SOURCE_ID_MAX characters, in a file of at most 5 MB).
 */
export class SourceIdIndex {
  private readonly firstLines = new Map<string, number>();
  private readonly repeated = new Map<string, { lines: number[]; count: number }>();

  add(row: CsvRow): void {
    const id = row.cells.source_id.trim();
    if (id === '') return;
    const first = this.firstLines.get(id);
    if (first === undefined) {
      this.firstLines.set(id, row.line);
      return;
    }
    const seen = this.repeated.get(id) ?? { lines: [first], count: 1 };
    seen.count++;
    if (seen.lines.length < SHOWN_REPEATED_LINES) seen.lines.push(row.line);
    this.repeated.set(id, seen);
  }

  /** Why a row of this id is refused, or null when the file has the id once. */
  duplicateReason(id: string): string | null {
    const seen = this.repeated.get(id);
    if (!seen) return null;
    const more = seen.count - seen.lines.length;
    const lines = seen.lines.map((n) => `${n}行目`).join('、');
    return `source_id がファイル内で重複しています（${lines}${more > 0 ? `、ほか${more.toLocaleString('ja-JP')}行` : ''}）。`;
  }
}

/** Checks a row (checkEmployeeReviewRow), and refuses it too when its source id is repeated in the file. */
export function checkEmployeeReviewRowInFile(row: CsvRow, sourceIds: SourceIdIndex, now: number = Date.now()): CheckedRow {
  const checked = checkEmployeeReviewRow(row, now);
  const reason = sourceIds.duplicateReason(checked.sourceId);
  if (!reason) return checked;
  if (checked.ok) {
    const { line, sourceId, companyId, content } = checked;
    return { ok: false, line, sourceId, companyId, title: content.title, reasons: [reason] };
  }
  return { ...checked, reasons: [...checked.reasons, reason] };
}

/** The rows of an import's report: at most this many; the counts say how many there were. */
export const SHOWN_REFUSED_ROWS = 100;

/** A cell as the report keeps it: at most `max` characters. */
function shortened(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}…`;
}

/**
 * Keeps a refused row for the report while it has fewer than SHOWN_REFUSED_ROWS, with its cells
 * cut to what a row may hold (a 64 KB title is shown as its first 80 characters): the report's
 * size does not depend on the file's.
 */
export function keepRefusedRow(report: RefusedImportRow[], row: RefusedImportRow): void {
  if (report.length >= SHOWN_REFUSED_ROWS) return;
  report.push({
    line: row.line,
    sourceId: shortened(row.sourceId, SOURCE_ID_MAX),
    companyId: row.companyId,
    title: shortened(row.title, TITLE_SHOWN_CHARS),
    reasons: row.reasons,
  });
}

/** The characters of a refused row's title the report keeps (a title's own limit). */
const TITLE_SHOWN_CHARS = 80;

/** Groups what an async source yields into arrays of `size` (the last one shorter). */
export async function* inBatches<T>(source: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of source) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
