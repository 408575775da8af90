import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCorporateNumber, judgeLine, readCorporateNumberCsv, readingOf } from './corporate-number-csv';
import { parseKinds } from './corporation-kinds';
import { UnreadableCsv } from './employee-review-csv';

const FIXTURE = new URL('../../../tests/fixtures/corporate-numbers/zenken-20261031.csv', import.meta.url);
const PREFECTURES = new Map<string, number>([
  ['東京都', 13],
  ['13', 13],
  ['大阪府', 27],
  ['27', 27],
]);

/** The file's bytes in chunks of `size`, so that characters and line ends are split across chunks. */
async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function linesOf(bytes: Uint8Array, size = 1 << 16) {
  const lines = [];
  for await (const line of readCorporateNumberCsv(chunksOf(bytes, size))) lines.push(line);
  return lines;
}

/** A line of the Unicode version: 30 columns, the given ones set (1-based as the definition numbers them). */
function cells(set: Record<number, string>): string[] {
  const row = Array.from({ length: 30 }, () => '');
  Object.assign(row, { 1: '8001000000008', 6: '株式会社テスト', 8: '301', 9: '東京都', 13: '13', 23: '1', 29: '0' });
  for (const [column, value] of Object.entries(set)) row[Number(column) - 1] = value;
  return row;
}

const KINDS = new Set(['301']);

describe('the 法人番号 itself', () => {
  it('accepts numbers whose first digit is the check digit of the other twelve', () => {
    // トヨタ自動車株式会社, as the 法人番号公表サイト shows it.
    expect(isCorporateNumber('1180301018771')).toBe(true);
    expect(isCorporateNumber('8001000000008')).toBe(true);
    expect(isCorporateNumber('2180301018771')).toBe(false);
    expect(isCorporateNumber('118030101877')).toBe(false);
    expect(isCorporateNumber('１180301018771')).toBe(false);
  });
});

describe('kinds', () => {
  it('reads a list of codes the definition knows, and nothing else', () => {
    expect(parseKinds('301')).toEqual(['301']);
    expect(parseKinds('305,301, 305')).toEqual(['301', '305']);
    expect(parseKinds('')).toBeNull();
    expect(parseKinds('301,999')).toBeNull();
  });
});

describe('readings', () => {
  it('keeps full-width katakana with ヴ and ー, joins spaced words, converts half-width and hiragana', () => {
    expect(readingOf('ヴィーナスリンク')).toBe('ヴィーナスリンク');
    expect(readingOf('サクラ　データ　サービス')).toBe('サクラデータサービス');
    expect(readingOf('ﾆｭｰｳｪｰﾌﾞ')).toBe('ニューウェーブ');
    expect(readingOf('よしのや')).toBe('ヨシノヤ');
  });
  it('drops a reading that is not kana, for a moderator to add', () => {
    expect(readingOf('')).toBe('');
    expect(readingOf('ABCショウジ')).toBe('');
  });
});

describe('judging a line', () => {
  it('takes the latest record of a kind asked for, with its prefecture and reading', () => {
    const verdict = judgeLine(cells({ 7: '株式会社𠮷野家フーズ', 29: 'ヨシノヤフーズ' }), KINDS, PREFECTURES);
    expect(verdict).toEqual({
      kind: 'record',
      record: { corporateNumber: '8001000000008', name: '株式会社𠮷野家フーズ', kana: 'ヨシノヤフーズ', prefectureId: 13, closedAt: null },
    });
  });
  it('finds the prefecture by its code when the name is missing', () => {
    const verdict = judgeLine(cells({ 10: '', 14: '27' }), KINDS, PREFECTURES);
    expect(verdict.kind === 'record' && verdict.record.prefectureId).toBe(27);
  });
  it('leaves out older records, other kinds and lines excluded from search', () => {
    expect(judgeLine(cells({ 24: '0' }), KINDS, PREFECTURES).kind).toBe('notLatest');
    expect(judgeLine(cells({ 9: '305' }), KINDS, PREFECTURES).kind).toBe('otherKind');
    expect(judgeLine(cells({ 30: '1' }), KINDS, PREFECTURES).kind).toBe('excluded');
  });
  it('says when a registration was closed, or a record withdrawn', () => {
    const closed = judgeLine(cells({ 3: '21', 19: '2026-11-01' }), KINDS, PREFECTURES);
    expect(closed.kind === 'record' && closed.record.closedAt?.toISOString()).toBe('2026-10-31T15:00:00.000Z');
    const withdrawn = judgeLine(cells({ 3: '99', 5: '2026-11-04' }), KINDS, PREFECTURES);
    expect(withdrawn.kind === 'record' && withdrawn.record.closedAt?.toISOString()).toBe('2026-11-03T15:00:00.000Z');
  });
  it('refuses, with a Japanese reason, what the catalogue cannot hold', () => {
    const reasonOf = (set: Record<number, string>, row = cells(set)) => {
      const verdict = judgeLine(row, KINDS, PREFECTURES);
      return verdict.kind === 'refused' ? verdict.reason : verdict.kind;
    };
    expect(reasonOf({ 2: '1234567890123' })).toContain('法人番号');
    expect(reasonOf({ 7: '' })).toContain('商号又は名称がありません');
    expect(reasonOf({ 7: '株'.repeat(101) })).toContain('100文字');
    expect(reasonOf({ 10: '', 14: '', 17: 'アメリカ合衆国' })).toContain('都道府県');
    expect(reasonOf({ 19: '令和8年' })).toContain('閉鎖等年月日');
    expect(reasonOf({}, cells({}).slice(0, 29))).toContain('列の数');
  });
});

describe('reading a file', () => {
  const bytes = new Uint8Array(readFileSync(FIXTURE));

  it('gives the same lines however the bytes are split (𠮷 and CRLF across chunks)', async () => {
    const whole = await linesOf(bytes);
    expect(whole).toHaveLength(27);
    expect(whole[0]!.cells[6]).toBe('株式会社𠮷野家フーズ');
    expect(whole[26]!.line).toBe(27);
    for (const size of [1, 3, 7, 64]) expect(await linesOf(bytes, size)).toEqual(whole);
    const crlf = new TextEncoder().encode(new TextDecoder().decode(bytes).replaceAll('\n', '\r\n'));
    expect(await linesOf(crlf, 5)).toEqual(whole);
  });

  it('refuses the Shift_JIS version and an empty file in Japanese', async () => {
    // 「株式会社」 in Shift_JIS.
    const shiftJis = new Uint8Array([0x22, 0x31, 0x22, 0x2c, 0x22, 0x8a, 0x94, 0x8e, 0xae, 0x89, 0xef, 0x8e, 0xd0, 0x22, 0x0a]);
    await expect(linesOf(shiftJis)).rejects.toThrow(/Unicode/);
    await expect(linesOf(shiftJis)).rejects.toBeInstanceOf(UnreadableCsv);
    await expect(linesOf(new Uint8Array())).rejects.toThrow('ファイルに行がありません');
  });

  it('reads no further than asked', async () => {
    // 300 copies of the file (2 MB) in 4 KB chunks: 500 chunks if it were all read.
    const large = new Uint8Array(bytes.length * 300);
    for (let copy = 0; copy < 300; copy++) large.set(bytes, copy * bytes.length);
    let chunks = 0;
    async function* counting() {
      for await (const chunk of chunksOf(large, 4096)) {
        chunks++;
        yield chunk;
      }
    }
    for await (const _ of readCorporateNumberCsv(counting())) break;
    expect(chunks).toBeLessThan(50);
  });
});
