import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RefusedImportRow } from '../../db/schema';
import {
  type CheckedRow,
  type CsvRow,
  checkEmployeeReviewRowInFile,
  inBatches,
  keepRefusedRow,
  MAX_RECORD_CHARS,
  parseCompanyId,
  parsePublishedAt,
  readEmployeeReviewCsv,
  SHOWN_REFUSED_ROWS,
  SourceIdIndex,
  UnreadableCsv,
} from './employee-review-csv';

const HEADER = 'source_id,company_id,title,department,employment,tenure_years,rating,culture,growth,pay,published_at';
const CULTURE = '上司との距離が近く、若手の提案でも筋が通っていれば採用されます。';
const GROWTH = '入社2年目から顧客を任され、早いうちから責任ある仕事ができます。';
const PAY = '同業他社と比べて平均的ですが、評価に応じた賞与があります。';

function line(overrides: Partial<Record<string, string>> = {}): string {
  const cells = {
    source_id: 'ext-1',
    company_id: '12',
    title: '若手に任せる社風です',
    department: '営業部',
    employment: '現職',
    tenure_years: '3',
    rating: '4',
    culture: CULTURE,
    growth: GROWTH,
    pay: PAY,
    published_at: '',
    ...overrides,
  };
  return Object.values(cells)
    .map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(',');
}

const NOW = Date.parse('2026-06-01T12:00:00+09:00');

/** The bytes in chunks of `size`, as a file stream gives them (split inside characters and line ends). */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

type Parsed = { ok: true; rows: CsvRow[] } | { ok: false; error: string };

/** Every row of a file read as a stream in chunks of `size` bytes, or why the file is unreadable. */
async function parseEmployeeReviewCsv(text: string | Uint8Array, size = 7, maxRows?: number): Promise<Parsed> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const rows: CsvRow[] = [];
  try {
    for await (const row of readEmployeeReviewCsv(chunked(bytes, size), maxRows)) rows.push(row);
    return { ok: true, rows };
  } catch (error) {
    if (error instanceof UnreadableCsv) return { ok: false, error: error.message };
    throw error;
  }
}

/** The rows checked as the import checks them: on their own and against the file's other source ids. */
function checkRows(rows: CsvRow[]): CheckedRow[] {
  const ids = new SourceIdIndex();
  for (const row of rows) ids.add(row);
  return rows.map((row) => checkEmployeeReviewRowInFile(row, ids, NOW));
}

async function check(text: string): Promise<CheckedRow[]> {
  const parsed = await parseEmployeeReviewCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return checkRows(parsed.rows);
}

const reasonsOf = (row: CheckedRow | undefined) => (row && !row.ok ? row.reasons : []);

describe('parseEmployeeReviewCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks, with or without a BOM and CRLF', async () => {
    const text = `\uFEFF${HEADER}\r\n${line({ culture: `${CULTURE}\r\n「風通し」は"良い"です, 本当に。` })}\r\n\r\n${line({ source_id: 'ext-2' })}\r\n`;
    const parsed = await parseEmployeeReviewCsv(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => row.line)).toEqual([2, 5]);
    expect(parsed.rows[0]!.cells.culture).toBe(`${CULTURE}\n「風通し」は"良い"です, 本当に。`);
    expect(parsed.rows[1]!.cells.source_id).toBe('ext-2');
  });

  it('takes the columns in any order and any case, published_at being optional', async () => {
    const parsed = await parseEmployeeReviewCsv(
      'PAY,Growth,culture,rating,tenure_years,employment,department,title,company_id,source_id\n' +
        [PAY, GROWTH, CULTURE, '5', '10', '退職済み', '開発部', 'エンジニアが働きやすい会社', '7', 'x-9'].join(','),
    );
    expect(parsed.ok).toBe(true);
    const [row] = parsed.ok ? checkRows(parsed.rows) : [];
    expect(row).toMatchObject({ ok: true, sourceId: 'x-9', companyId: 7, publishedAt: null });
    expect(row?.ok && row.content).toEqual({
      title: 'エンジニアが働きやすい会社',
      department: '開発部',
      employment: '退職済み',
      tenureYears: 10,
      rating: 5,
      culture: CULTURE,
      growth: GROWTH,
      pay: PAY,
    });
  });

  it('skips rows of empty cells', async () => {
    const parsed = await parseEmployeeReviewCsv(`${HEADER}\n${line()}\n,,,,,,,,,,\n  ,  \n`);
    expect(parsed.ok && parsed.rows.length).toBe(1);
  });

  it('refuses a file it cannot use, saying why in Japanese', async () => {
    const errorOf = async (text: string) => {
      const parsed = await parseEmployeeReviewCsv(text);
      return parsed.ok ? null : parsed.error;
    };
    expect(await errorOf('')).toBe('ファイルが空です。1行目に見出し（source_id,company_id,…）を入れてください。');
    expect(await errorOf(HEADER)).toBe('見出し行のほかに取り込む行がありません。');
    expect(await errorOf('source_id,company_id,title\nx,1,t')).toBe(
      '見出し行に必須の列がありません: department、employment、tenure_years、rating、culture、growth、pay。',
    );
    expect(await errorOf(`${HEADER},comment\n${line()},x`)).toMatch(/^見出し行に不明な列があります: comment。/);
    expect(await errorOf(`${HEADER},title\n${line()},x`)).toBe('見出し行に同じ列が2回あります: title。');
    expect(await errorOf(`${HEADER}\n${line()}\n"ext-3,12,unclosed`)).toBe(
      'CSVを読み取れませんでした（3行目付近: 「"」で始まる項目が閉じられていません）。',
    );
    expect(await errorOf(`${HEADER}\n"ext"3,12`)).toMatch(/^CSVを読み取れませんでした（2行目付近: 「"」で囲んだ項目の後に/);
  });
});

describe('checkEmployeeReviewRows', () => {
  it('names every missing required cell', async () => {
    const [row] = await check(`${HEADER}\n${line({ department: ' ', pay: '', rating: '' })}`);
    expect(reasonsOf(row)).toEqual(['必須項目がありません: 部署（department）、総合評価（rating）、年収・待遇（pay）']);
  });

  it('reports texts that are too long or too short with the limits of the type module', async () => {
    const [row] = await check(`${HEADER}\n${line({ title: 'あ'.repeat(81), culture: 'い'.repeat(2001), growth: '短い' })}`);
    expect(reasonsOf(row)).toEqual([
      '文字数が多すぎます: タイトル（title、80文字以内）、社風・働き方（culture、2000文字以内）',
      '文字数が足りません: 成長環境（growth、20文字以上）',
    ]);
  });

  it('reports wrong values of the other columns', async () => {
    const [row] = await check(
      `${HEADER}\n${line({ employment: '正社員', tenure_years: '3.5', rating: '6', company_id: 'abc', published_at: '2030-01-01' })}`,
    );
    expect(reasonsOf(row)).toEqual([
      '企業ID（company_id）は企業一覧の「ID」の数字にしてください。',
      '公開日時（published_at）は 2024-05-01 や 2024/5/1 10:00 の形で、2000年以降・未来でない日時にしてください。',
      '在籍状況（employment）は「現職」または「退職済み」にしてください。',
      '在籍年数（tenure_years）は0〜50の整数にしてください。',
      '総合評価（rating）は1〜5の整数にしてください。',
    ]);
  });

  it('refuses a row with another number of cells than the header', async () => {
    const [row] = await check(`${HEADER}\next-1,12,タイトルです`);
    expect(reasonsOf(row)).toEqual([
      '列の数が見出し行と合いません（見出し 11列、この行 3列）。項目の中のコンマや改行は「"」で囲んでください。',
    ]);
    expect(row).toMatchObject({ line: 2, sourceId: 'ext-1', companyId: 12 });
  });

  it('refuses every row of a source id the file has twice', async () => {
    const rows = await check(`${HEADER}\n${line({ source_id: 'a' })}\n${line({ source_id: 'b' })}\n${line({ source_id: 'a' })}`);
    expect(rows.map((row) => row.ok)).toEqual([false, true, false]);
    expect(reasonsOf(rows[0])).toEqual(['source_id がファイル内で重複しています（2行目、4行目）。']);
  });

  it('cleans texts as a post form would (NFC, no control characters)', async () => {
    const [row] = await check(`${HEADER}\n${line({ title: '\u0007カ\u3099イシャの雰囲気が良い' })}`);
    expect(row?.ok && row.content.title).toBe('ガイシャの雰囲気が良い');
  });
});

describe('parsePublishedAt', () => {
  it('reads dates and times in Japan time unless an offset is given', () => {
    expect(parsePublishedAt('2024-05-01', NOW)?.toISOString()).toBe('2024-04-30T15:00:00.000Z');
    expect(parsePublishedAt('2024/5/1 10:00', NOW)?.toISOString()).toBe('2024-05-01T01:00:00.000Z');
    expect(parsePublishedAt('２０２４/５/１', NOW)?.toISOString()).toBe('2024-04-30T15:00:00.000Z');
    expect(parsePublishedAt('2024-05-01T10:00:00Z', NOW)?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(parsePublishedAt('2024-05-01T10:00:00+09:00', NOW)?.toISOString()).toBe('2024-05-01T01:00:00.000Z');
  });

  it('refuses impossible, too early and future dates and other forms', () => {
    for (const text of ['2024-02-30', '2024-13-01', '1999-12-31', '2026-06-03', '2024年5月1日', '5/1/2024', '2024-05-01T25:00']) {
      expect(parsePublishedAt(text, NOW)).toBeNull();
    }
  });
});

describe('parseCompanyId', () => {
  it('reads ids with full-width digits, nothing else', () => {
    expect(parseCompanyId(' １２ ')).toBe(12);
    expect(parseCompanyId('0')).toBeNull();
    expect(parseCompanyId('12a')).toBeNull();
    expect(parseCompanyId('99999999999')).toBeNull();
  });
});

describe('readEmployeeReviewCsv as a stream', () => {
  it('reads UTF-8 with and without a BOM and refuses Shift_JIS with the way out', async () => {
    const utf8 = new TextEncoder().encode(`${HEADER}\n${line()}\n`);
    const plain = await parseEmployeeReviewCsv(utf8);
    const withBom = await parseEmployeeReviewCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]));
    expect(plain.ok && plain.rows[0]!.cells).toEqual(withBom.ok && withBom.rows[0]!.cells);
    // 「社員」 in Shift_JIS, in the header and in a row.
    const sjis = new Uint8Array([0x8e, 0xd0, 0x88, 0xf5]);
    for (const bytes of [sjis, new Uint8Array([...utf8, ...sjis, 0x0a])]) {
      const parsed = await parseEmployeeReviewCsv(bytes);
      expect(!parsed.ok && parsed.error).toMatch(/CSV UTF-8（コンマ区切り）/);
    }
  });

  it('reads the same rows whatever the chunks (split inside characters and CRLF)', async () => {
    const text = `\uFEFF${HEADER}\r\n${line({ culture: `${CULTURE}\r\n改行の後も「続き」です。` })}\r\n\r\n${line({ source_id: '取込-2' })}\r`;
    const whole = await parseEmployeeReviewCsv(text, 1 << 20);
    expect(whole.ok && whole.rows.map((row) => [row.line, row.cells.source_id])).toEqual([
      [2, 'ext-1'],
      [5, '取込-2'],
    ]);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 64 }), async (size) => {
        expect(await parseEmployeeReviewCsv(text, size)).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a file with more rows than the bound, or a record longer than one can be', async () => {
    const rows = [1, 2, 3, 4].map((n) => line({ source_id: `r-${n}` })).join('\n');
    expect(await parseEmployeeReviewCsv(`${HEADER}\n${rows}`, 64, 4)).toMatchObject({ ok: true });
    expect(await parseEmployeeReviewCsv(`${HEADER}\n${rows}\n${line({ source_id: 'r-5' })}`, 64, 4)).toEqual({
      ok: false,
      error: '行が多すぎます。1つのファイルは4行までです。ファイルを分けてから、もう一度お試しください。',
    });
    const long = await parseEmployeeReviewCsv(`${HEADER}\n${line({ culture: 'あ'.repeat(MAX_RECORD_CHARS) })}`, 4096);
    expect(!long.ok && long.error).toMatch(/^CSVを読み取れませんでした（2行目付近: 1行が長すぎます。1行は65,536文字までです。/);
  });

  it('reads no more of the file than the rows asked for', async () => {
    const bytes = new TextEncoder().encode(
      `${HEADER}\n${Array.from({ length: 5000 }, (_, i) => line({ source_id: `s-${i}` })).join('\n')}\n`,
    );
    let pulled = 0;
    async function* counting() {
      for await (const chunk of chunked(bytes, 1024)) {
        pulled += chunk.length;
        yield chunk;
      }
    }
    const rows = readEmployeeReviewCsv(counting());
    const first = await rows.next();
    expect(first.value).toMatchObject({ line: 2, cells: { source_id: 's-0' } });
    await rows.return(undefined);
    // The parser reads ahead a little (its buffers), not the file.
    expect(pulled).toBeLessThan(bytes.length / 10);
  });
});

describe('SourceIdIndex', () => {
  const row = (sourceId: string, lineNumber: number) => ({ line: lineNumber, cells: { source_id: sourceId } }) as unknown as CsvRow;

  it('says nothing of an id the file has once, and names a few lines of a repeated one', () => {
    const ids = new SourceIdIndex();
    ids.add(row('once', 2));
    for (let n = 3; n < 13; n++) ids.add(row('many', n));
    ids.add(row('', 13));
    expect(ids.duplicateReason('once')).toBeNull();
    expect(ids.duplicateReason('')).toBeNull();
    expect(ids.duplicateReason('many')).toBe('source_id がファイル内で重複しています（3行目、4行目、5行目、6行目、7行目、ほか5行）。');
  });
});

describe('keepRefusedRow and inBatches', () => {
  it('keeps the first 100 refused rows, each cut to what a row holds', () => {
    const report: RefusedImportRow[] = [];
    for (let n = 0; n < 250; n++) {
      keepRefusedRow(report, { line: n + 2, sourceId: 'x'.repeat(500), companyId: null, title: 'た'.repeat(5000), reasons: ['理由'] });
    }
    expect(report).toHaveLength(SHOWN_REFUSED_ROWS);
    expect(report[99]!.line).toBe(101);
    expect(report[0]!.sourceId).toBe(`${'x'.repeat(100)}…`);
    expect(report[0]!.title).toBe(`${'た'.repeat(80)}…`);
    expect(JSON.stringify(report).length).toBeLessThan(60_000);
  });

  it('groups a stream in batches of the given size, the last one shorter', async () => {
    async function* numbers() {
      for (let n = 1; n <= 7; n++) yield n;
    }
    const batches: number[][] = [];
    for await (const batch of inBatches(numbers(), 3)) batches.push(batch);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });
});
