import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWebUrl } from './catalog-fields';
import { isKatakanaReading, toKatakanaReading } from './katakana-reading';

const katakanaWord = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0x30a1, max: 0x30f6 }).map((c) => String.fromCharCode(c)),
      fc.constant('ー'),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((chars) => chars.join(''))
  // A word that starts with ー is not a reading anyone types.
  .filter((word) => !word.startsWith('ー'));

const toHiragana = (text: string) => text.replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));

describe('toKatakanaReading', () => {
  it.each([
    ['しゅーろぐ', 'シューログ'],
    ['ｼｭｰﾛｸﾞ ｼｮｳｼﾞ', 'シューログショウジ'],
    ['　カブシキ　ガイシャ ', 'カブシキガイシャ'],
    ['ゔぃじょん', 'ヴィジョン'],
    ['エヌ・ティ・ティ', 'エヌ・ティ・ティ'],
    ['コ-ヒ-', 'コーヒー'],
    ['ｺｰﾋｰ', 'コーヒー'],
    ['-コ', '-コ'],
  ])('reads %j as %j: hiragana, half-width kana and spaces as one full-width katakana word, a dash after kana as ー', (typed, reading) => {
    expect(toKatakanaReading(typed)).toBe(reading);
  });

  it.each(['-コ', 'ABCショウジ', 'シューログ2', '商事'])('refuses %j as a reading: what is left is not all katakana', (typed) => {
    expect(isKatakanaReading(toKatakanaReading(typed))).toBe(false);
  });

  it('refuses an empty reading', () => {
    expect(isKatakanaReading('')).toBe(false);
  });

  it('gives the same reading for the katakana and hiragana forms of a word, and keeps katakana as it is', () => {
    fc.assert(
      fc.property(katakanaWord, (word) => {
        expect(toKatakanaReading(word)).toBe(word);
        expect(toKatakanaReading(toHiragana(word))).toBe(toKatakanaReading(word));
        expect(isKatakanaReading(toKatakanaReading(word))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const once = toKatakanaReading(text);
        expect(toKatakanaReading(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isWebUrl', () => {
  it.each(['https://shulog.example.jp/about', 'http://example.co.jp', 'HTTPS://EXAMPLE.JP'])(
    'takes the http or https address %j',
    (address) => {
      expect(isWebUrl(address)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'ftp://example.jp',
    'example.jp',
    'https://localhost',
    'https://user:pass@example.jp',
    'https://example.jp/a b',
    'https://',
  ])('refuses %j: not http or https, or no real host', (address) => {
    expect(isWebUrl(address)).toBe(false);
  });
});
