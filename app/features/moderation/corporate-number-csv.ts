// Reading the 法人番号公表サイト's data files (docs/decisions/077-company-catalogue-import.md): the
// Unicode version of the 全件 and 差分 files, UTF-8 CSV without a header row, one record of a
// corporation per line, 30 columns as the site's resource definition gives them. Pure and
// streamed: the text is decoded chunk by chunk (decodeCsvChunks) and records come one at a time,
// so that an 80 MB prefecture file never sits in memory. What a line means for the catalogue
// (a company to add or update, one to hide, or a line left out and why) is decided here; the
// database's side is import-companies.server.ts.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { isKatakanaReading, toKatakanaReading } from '../../lib/katakana-reading';
import { tokyoInstant } from '../../lib/tokyo-time';
import { COMPANY_KANA_MAX, COMPANY_NAME_MAX } from '../companies/company-form-schema';
import { decodeCsvChunks, MAX_RECORD_CHARS, UnreadableCsv } from './employee-review-csv';

/** The columns the import reads, 0-based (the definition numbers them from 1). */
const COLUMN = {
  corporateNumber: 1,
  process: 2,
  updateDate: 4,
  name: 6,
  kind: 8,
  prefectureName: 9,
  cityName: 10,
  prefectureCode: 13,
  closeDate: 18,
  latest: 23,
  furigana: 28,
  excluded: 29,
} as const;
/** A record of the Unicode version has 30 columns. */
export const CORPORATE_NUMBER_COLUMNS = 30;

/** 処理区分 99 (削除): the record was withdrawn; the import treats it as a closing. */
const PROCESS_DELETED = '99';

/** A corporation as the catalogue takes it from one line. */
export type CorporationRecord = {
  corporateNumber: string;
  name: string;
  /** Full-width katakana, or '' when the line has no usable フリガナ (a moderator adds it). */
  kana: string;
  prefectureId: number;
  /** When the registration was closed (or the record withdrawn), or null for a live corporation. */
  closedAt: Date | null;
};

export type LineVerdict =
  | { kind: 'record'; record: CorporationRecord }
  | { kind: 'notLatest' | 'otherKind' | 'excluded' }
  | { kind: 'refused'; corporateNumber: string; name: string; reason: string };

/** 法人番号: 13 digits whose first is the check digit of the other twelve (法人番号の指定等に関する省令). */
export function isCorporateNumber(text: string): boolean {
  if (!/^[1-9][0-9]{12}$/u.test(text)) return false;
  const digits = [...text.slice(1)].map(Number);
  // The twelve digits from the right, weighted 1, 2, 1, 2, …
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += digits[12 - n]! * (n % 2 === 1 ? 1 : 2);
  return Number(text[0]) === 9 - (sum % 9);
}

/** 2024-03-31 (the definition's 年月日) as midnight in Japan, or null. */
function parseDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(text.trim());
  if (!match) return null;
  const at = tokyoInstant(Number(match[1]), Number(match[2]), Number(match[3]));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The reading from フリガナ in the catalogue's full-width katakana, or '' when it is not one. */
export function readingOf(furigana: string): string {
  const kana = toKatakanaReading(furigana);
  return kana.length <= COMPANY_KANA_MAX && isKatakanaReading(kana) ? kana : '';
}

/**
 * What one line means: a record of a corporation the catalogue takes (a kind asked for, the
 * latest record, not excluded from search), or why it is left out. `prefectures` maps the
 * prefecture names (and JIS codes as text) to their ids.
 */
export function judgeLine(cells: readonly string[], kinds: ReadonlySet<string>, prefectures: ReadonlyMap<string, number>): LineVerdict {
  const cell = (index: number) => (cells[index] ?? '').trim();
  const corporateNumber = cell(COLUMN.corporateNumber);
  const name = cell(COLUMN.name);
  const refused = (reason: string): LineVerdict => ({ kind: 'refused', corporateNumber, name, reason });
  if (cells.length !== CORPORATE_NUMBER_COLUMNS) {
    return refused(
      `列の数が${CORPORATE_NUMBER_COLUMNS}ではありません（${cells.length}列）。法人番号公表サイトのUnicode版（CSV形式）のファイルか確かめてください。`,
    );
  }
  if (cell(COLUMN.latest) !== '1') return { kind: 'notLatest' };
  if (!kinds.has(cell(COLUMN.kind))) return { kind: 'otherKind' };
  if (cell(COLUMN.excluded) === '1') return { kind: 'excluded' };
  if (!isCorporateNumber(corporateNumber)) return refused('法人番号が13桁の正しい番号ではありません。');
  if (name === '') return refused('商号又は名称がありません。');
  if ([...name].length > COMPANY_NAME_MAX) return refused(`商号又は名称が${COMPANY_NAME_MAX}文字を超えています。`);
  const prefectureId = prefectures.get(cell(COLUMN.prefectureName)) ?? prefectures.get(cell(COLUMN.prefectureCode));
  if (prefectureId === undefined) return refused('国内の所在地（都道府県）がありません。');
  const closeDate = cell(COLUMN.closeDate);
  let closedAt: Date | null = null;
  if (closeDate !== '') {
    closedAt = parseDate(closeDate);
    if (!closedAt) return refused('登記記録の閉鎖等年月日が日付ではありません。');
  } else if (cell(COLUMN.process) === PROCESS_DELETED) {
    // A withdrawn record has no closing date: the day of the record stands for it.
    closedAt = parseDate(cell(COLUMN.updateDate)) ?? new Date(0);
  }
  return { kind: 'record', record: { corporateNumber, name, kana: readingOf(cell(COLUMN.furigana)), prefectureId, closedAt } };
}

function csvErrorMessage(error: CsvError): string {
  const where = typeof error.lines === 'number' ? `${error.lines}行目付近: ` : '';
  if (error.code === 'CSV_MAX_RECORD_SIZE') return `CSVを読み取れませんでした（${where}1行が長すぎます）。`;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return `CSVを読み取れませんでした（${where}「"」で始まる項目が閉じられていません）。`;
  return `CSVを読み取れませんでした（${where}形式が正しくありません）。`;
}

export type CorporationLine = { line: number; cells: string[] };

/**
 * The lines of a file as its bytes arrive. Throws UnreadableCsv for a file that is not UTF-8
 * (the Shift_JIS version of the data) or not CSV. Reads no further than the caller asks.
 */
export async function* readCorporateNumberCsv(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<CorporationLine> {
  const parser = parse({ info: true, relax_column_count: true, skip_empty_lines: true, max_record_size: MAX_RECORD_CHARS });
  pipeline(Readable.from(decodeCsvChunks(chunks)), parser).catch(() => {});
  let lines = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      lines++;
      yield { line: info.lines, cells: record };
    }
  } catch (error) {
    if (error instanceof UnreadableCsv) {
      throw new UnreadableCsv(
        'ファイルをUTF-8の文字として読み取れませんでした。法人番号公表サイトの「Unicode」版のCSVファイルを選んでください（Shift_JIS版は取り込めません）。',
      );
    }
    if (error instanceof CsvError) throw new UnreadableCsv(csvErrorMessage(error));
    throw error;
  } finally {
    parser.destroy();
  }
  if (lines === 0) throw new UnreadableCsv('ファイルに行がありません。');
}
