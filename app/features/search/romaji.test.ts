import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './normalize';
import { foldReading, romajiReadings } from './romaji';

const readings = (typed: string) => romajiReadings(normalizeSearchText(typed));
/** Whether the typed text finds a company read as `reading`, as the fold index compares them. */
const finds = (typed: string, reading: string) => readings(typed).some((key) => foldReading(normalizeSearchText(reading)).includes(key));

describe('romaji readings', () => {
  it('reads romaji in any width and case', () => {
    for (const typed of ['nova', 'NOVA', 'ｎｏｖａ', 'Ｎｏｖａ', 'No va']) expect(finds(typed, 'ノヴァ'), typed).toBe(true);
    expect(finds('noba', 'ノヴァ')).toBe(true);
  });

  it('takes Hepburn and kunrei spellings alike', () => {
    const pairs: Array<[string, string, string]> = [
      ['shinsei', 'sinsei', 'シンセイ'],
      ['tsubasa', 'tubasa', 'ツバサ'],
      ['fuji', 'huzi', 'フジ'],
      ['chiyoda', 'tiyoda', 'チヨダ'],
      ['shashin', 'syasin', 'シャシン'],
      ['jamu', 'zyamu', 'ジャム'],
    ];
    for (const [hepburn, kunrei, reading] of pairs) {
      expect(finds(hepburn, reading), hepburn).toBe(true);
      expect(finds(kunrei, reading), kunrei).toBe(true);
    }
  });

  it('finds readings with long vowels typed with or without them', () => {
    expect(finds('tokyo', 'トウキョウ')).toBe(true);
    expect(finds('toukyou', 'トウキョウ')).toBe(true);
    expect(finds('osaka', 'オオサカ')).toBe(true);
    expect(finds('hoshino', 'ホシノ')).toBe(true);
    expect(finds('deta', 'データ')).toBe(true);
  });

  it('keeps up while a word is typed letter by letter', () => {
    // A lone consonant is no reading yet (it still finds names written with it, as letters).
    expect(readings('v')).toEqual([]);
    for (const typed of ['no', 'nov', 'nova']) expect(finds(typed, 'ノヴァ'), typed).toBe(true);
    expect(finds('shinn', 'シンセイ')).toBe(true);
    expect(finds('kon', 'コンドウ')).toBe(true);
  });

  it('is not romaji when the query holds kana, kanji or digits', () => {
    expect(readings('ノヴァ')).toEqual([]);
    expect(readings('青葉')).toEqual([]);
    expect(readings('nova2')).toEqual([]);
    expect(readings('')).toEqual([]);
  });

  it('does not find what the romaji does not spell', () => {
    expect(finds('nova', 'ノーマ')).toBe(false);
    expect(finds('sakura', 'サクマ')).toBe(false);
  });
});
