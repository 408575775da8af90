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
  it('turns hiragana, half-width kana and spaces into one full-width katakana word', () => {
    expect(toKatakanaReading('しゅーろぐ')).toBe('シューログ');
    expect(toKatakanaReading('ｼｭｰﾛｸﾞ ｼｮｳｼﾞ')).toBe('シューログショウジ');
    expect(toKatakanaReading('　カブシキ　ガイシャ ')).toBe('カブシキガイシャ');
    expect(toKatakanaReading('ゔぃじょん')).toBe('ヴィジョン');
    expect(toKatakanaReading('エヌ・ティ・ティ')).toBe('エヌ・ティ・ティ');
  });

  it('reads a dash after kana as the long vowel mark, and leaves other characters to be refused', () => {
    expect(toKatakanaReading('コ-ヒ-')).toBe('コーヒー');
    expect(toKatakanaReading('ｺｰﾋｰ')).toBe('コーヒー');
    expect(toKatakanaReading('-コ')).toBe('-コ');
    expect(isKatakanaReading(toKatakanaReading('-コ'))).toBe(false);
    expect(isKatakanaReading(toKatakanaReading('ABCショウジ'))).toBe(false);
    expect(isKatakanaReading(toKatakanaReading('シューログ2'))).toBe(false);
    expect(isKatakanaReading(toKatakanaReading('商事'))).toBe(false);
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
  it('takes http and https addresses with a real host only', () => {
    expect(isWebUrl('https://shulog.example.jp/about')).toBe(true);
    expect(isWebUrl('http://example.co.jp')).toBe(true);
    expect(isWebUrl('HTTPS://EXAMPLE.JP')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('ftp://example.jp')).toBe(false);
    expect(isWebUrl('example.jp')).toBe(false);
    expect(isWebUrl('https://localhost')).toBe(false);
    expect(isWebUrl('https://user:pass@example.jp')).toBe(false);
    expect(isWebUrl('https://example.jp/a b')).toBe(false);
    expect(isWebUrl('https://')).toBe(false);
  });
});
