import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './normalize';

const toHiragana = (text: string) => text.replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));

// Full-width katakana ァ (U+30A1) … ヶ (U+30F6) and the long-vowel mark.
const katakanaWord = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x30a1, max: 0x30f6 }).map((c) => String.fromCharCode(c)),
      fc.constant('ー'),
    ),
    {
      minLength: 1,
      maxLength: 12,
    },
  )
  .map((chars) => chars.join(''));

describe('normalizeSearchText', () => {
  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const once = normalizeSearchText(text);
        expect(normalizeSearchText(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent on Japanese-looking text built from tricky pieces', () => {
    const piece = fc.constantFrom(
      '株式会社',
      '(株)',
      '㈱',
      'ホールディングス',
      'ﾎｰﾙﾃﾞｨﾝｸﾞｽ',
      '株式',
      '会社',
      ' ',
      '　',
      '・',
      'ｶﾞ',
      'が',
      'Ａ',
      'a',
      '（',
      '）',
      '(',
      ')',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const once = normalizeSearchText(pieces.join(''));
        expect(normalizeSearchText(once)).toBe(once);
      }),
      { numRuns: 3000 },
    );
  });

  it('makes the hiragana, katakana and half-width katakana forms of a word alike', () => {
    fc.assert(
      fc.property(katakanaWord, (word) => {
        const key = normalizeSearchText(word);
        expect(normalizeSearchText(toHiragana(word))).toBe(key);
        // NFKD of full-width katakana is not half-width; build half-width from NFKC's inverse table.
        const halfWidth = Array.from(word)
          .map((ch) => HALF_WIDTH[ch] ?? ch)
          .join('');
        expect(normalizeSearchText(halfWidth)).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });

  it('ignores width, case, spaces and corporate words', () => {
    expect(normalizeSearchText('株式会社ＡＢＣソリューションズ')).toBe('abcソリューションズ');
    expect(normalizeSearchText('(株) abc そりゅーしょんず')).toBe('abcソリューションズ');
    expect(normalizeSearchText('㈱ABCｿﾘｭｰｼｮﾝｽﾞ')).toBe('abcソリューションズ');
    expect(normalizeSearchText('青葉ホールディングス株式会社')).toBe('青葉');
    expect(normalizeSearchText('あおば　システムズ')).toBe('アオバシステムズ');
  });
});

// Half-width forms of every full-width katakana that has one (NFKC maps them back).
const HALF_WIDTH: Record<string, string> = (() => {
  const table: Record<string, string> = {};
  for (let code = 0xff61; code <= 0xff9f; code++) {
    const half = String.fromCharCode(code);
    const full = half.normalize('NFKC');
    if (full !== half && !(full in table)) table[full] = half;
  }
  // Voiced and semi-voiced forms: base + (semi-)voiced mark.
  for (let code = 0x30a1; code <= 0x30f6; code++) {
    const full = String.fromCharCode(code);
    if (full in table) continue;
    const decomposed = full.normalize('NFD');
    if (decomposed.length === 2) {
      const base = table[decomposed[0]!];
      const mark = decomposed[1] === '\u3099' ? 'ﾞ' : decomposed[1] === '\u309a' ? 'ﾟ' : undefined;
      if (base && mark) table[full] = base + mark;
    }
  }
  return table;
})();
