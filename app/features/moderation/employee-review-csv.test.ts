import { describe, expect, it } from 'vitest';
import {
  type CheckedRow,
  checkEmployeeReviewRows,
  decodeCsvBytes,
  parseCompanyId,
  parseEmployeeReviewCsv,
  parsePublishedAt,
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

function check(text: string): CheckedRow[] {
  const parsed = parseEmployeeReviewCsv(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return checkEmployeeReviewRows(parsed.rows, parsed.columns, NOW);
}

const reasonsOf = (row: CheckedRow | undefined) => (row && !row.ok ? row.reasons : []);

describe('parseEmployeeReviewCsv', () => {
  it('reads quoted cells with commas, quotes and line breaks, with or without a BOM and CRLF', () => {
    const text = `\uFEFF${HEADER}\r\n${line({ culture: `${CULTURE}\r\n「風通し」は"良い"です, 本当に。` })}\r\n\r\n${line({ source_id: 'ext-2' })}\r\n`;
    const parsed = parseEmployeeReviewCsv(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => row.line)).toEqual([2, 5]);
    expect(parsed.rows[0]!.cells.culture).toBe(`${CULTURE}\n「風通し」は"良い"です, 本当に。`);
    expect(parsed.rows[1]!.cells.source_id).toBe('ext-2');
  });

  it('takes the columns in any order and any case, published_at being optional', () => {
    const parsed = parseEmployeeReviewCsv(
      'PAY,Growth,culture,rating,tenure_years,employment,department,title,company_id,source_id\n' +
        [PAY, GROWTH, CULTURE, '5', '10', '退職済み', '開発部', 'エンジニアが働きやすい会社', '7', 'x-9'].join(','),
    );
    expect(parsed.ok).toBe(true);
    const [row] = parsed.ok ? checkEmployeeReviewRows(parsed.rows, parsed.columns, NOW) : [];
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

  it('skips rows of empty cells', () => {
    const parsed = parseEmployeeReviewCsv(`${HEADER}\n${line()}\n,,,,,,,,,,\n  ,  \n`);
    expect(parsed.ok && parsed.rows.length).toBe(1);
  });

  it('refuses a file it cannot use, saying why in Japanese', () => {
    const errorOf = (text: string) => {
      const parsed = parseEmployeeReviewCsv(text);
      return parsed.ok ? null : parsed.error;
    };
    expect(errorOf('')).toBe('ファイルが空です。1行目に見出し（source_id,company_id,…）を入れてください。');
    expect(errorOf(HEADER)).toBe('見出し行のほかに取り込む行がありません。');
    expect(errorOf('source_id,company_id,title\nx,1,t')).toBe(
      '見出し行に必須の列がありません: department、employment、tenure_years、rating、culture、growth、pay。',
    );
    expect(errorOf(`${HEADER},comment\n${line()},x`)).toMatch(/^見出し行に不明な列があります: comment。/);
    expect(errorOf(`${HEADER},title\n${line()},x`)).toBe('見出し行に同じ列が2回あります: title。');
    expect(errorOf(`${HEADER}\n${line()}\n"ext-3,12,unclosed`)).toBe(
      'CSVを読み取れませんでした（3行目付近: 「"」で始まる項目が閉じられていません）。',
    );
    expect(errorOf(`${HEADER}\n"ext"3,12`)).toMatch(/^CSVを読み取れませんでした（2行目付近: 「"」で囲んだ項目の後に/);
  });
});

describe('checkEmployeeReviewRows', () => {
  it('names every missing required cell', () => {
    const [row] = check(`${HEADER}\n${line({ department: ' ', pay: '', rating: '' })}`);
    expect(reasonsOf(row)).toEqual(['必須項目がありません: 部署（department）、総合評価（rating）、年収・待遇（pay）']);
  });

  it('reports texts that are too long or too short with the limits of the type module', () => {
    const [row] = check(`${HEADER}\n${line({ title: 'あ'.repeat(81), culture: 'い'.repeat(2001), growth: '短い' })}`);
    expect(reasonsOf(row)).toEqual([
      '文字数が多すぎます: タイトル（title、80文字以内）、社風・働き方（culture、2000文字以内）',
      '文字数が足りません: 成長環境（growth、20文字以上）',
    ]);
  });

  it('reports wrong values of the other columns', () => {
    const [row] = check(
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

  it('refuses a row with another number of cells than the header', () => {
    const [row] = check(`${HEADER}\next-1,12,タイトルです`);
    expect(reasonsOf(row)).toEqual([
      '列の数が見出し行と合いません（見出し 11列、この行 3列）。項目の中のコンマや改行は「"」で囲んでください。',
    ]);
    expect(row).toMatchObject({ line: 2, sourceId: 'ext-1', companyId: 12 });
  });

  it('refuses every row of a source id the file has twice', () => {
    const rows = check(`${HEADER}\n${line({ source_id: 'a' })}\n${line({ source_id: 'b' })}\n${line({ source_id: 'a' })}`);
    expect(rows.map((row) => row.ok)).toEqual([false, true, false]);
    expect(reasonsOf(rows[0])).toEqual(['source_id がファイル内で重複しています（2行目、4行目）。']);
  });

  it('cleans texts as a post form would (NFC, no control characters)', () => {
    const [row] = check(`${HEADER}\n${line({ title: '\u0007カ\u3099イシャの雰囲気が良い' })}`);
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

describe('parseCompanyId and decodeCsvBytes', () => {
  it('reads ids with full-width digits, nothing else', () => {
    expect(parseCompanyId(' １２ ')).toBe(12);
    expect(parseCompanyId('0')).toBeNull();
    expect(parseCompanyId('12a')).toBeNull();
    expect(parseCompanyId('99999999999')).toBeNull();
  });

  it('reads UTF-8 with and without a BOM and refuses Shift_JIS with the way out', () => {
    const utf8 = new TextEncoder().encode('source_id,タイトル');
    expect(decodeCsvBytes(utf8)).toEqual({ ok: true, text: 'source_id,タイトル' });
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({ ok: true, text: 'source_id,タイトル' });
    // 「社員」 in Shift_JIS.
    const sjis = decodeCsvBytes(new Uint8Array([0x8e, 0xd0, 0x88, 0xf5]));
    expect(sjis.ok).toBe(false);
    expect(!sjis.ok && sjis.error).toMatch(/CSV UTF-8（コンマ区切り）/);
  });
});
