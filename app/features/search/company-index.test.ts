import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CompanySearchIndex, intersect, type IndexedCompany } from './company-index';
import { normalizeSearchText } from './normalize';

function bruteForce(companies: IndexedCompany[], query: string, limit: number): number[] {
  if (!query) return [];
  const starts = companies.filter((c) => c.nameKey.startsWith(query) || c.kanaKey.startsWith(query));
  const contains = companies.filter((c) => !starts.includes(c) && (c.nameKey.includes(query) || c.kanaKey.includes(query)));
  return [...starts, ...contains].slice(0, limit).map((c) => c.id);
}

const company = (id: number, name: string, kana: string): IndexedCompany => ({
  id,
  nameKey: normalizeSearchText(name),
  kanaKey: normalizeSearchText(kana),
});

describe('CompanySearchIndex', () => {
  const companies = [
    company(1, '株式会社青葉システムズ', 'アオバシステムズ'),
    company(2, 'ミライテック株式会社', 'ミライテック'),
    company(3, '青葉ホールディングス', 'アオバ'),
    company(4, '株式会社ABCソリューションズ', 'エービーシーソリューションズ'),
    company(5, '東都システム', 'トウトシステム'),
    company(6, 'システムブレイン株式会社', 'システムブレイン'),
  ];
  const index = CompanySearchIndex.of(companies);

  it('finds names that start with the query before names that contain it', () => {
    expect(index.search(normalizeSearchText('シス'), 20)).toEqual([6, 1, 5]);
    expect(index.search(normalizeSearchText('しすてむ'), 20)).toEqual([6, 1, 5]);
    expect(index.search(normalizeSearchText('とうと'), 20)).toEqual([5]);
  });

  it('searches the kana reading, in hiragana too, from one character on', () => {
    expect(index.search(normalizeSearchText('あおば'), 20)).toEqual([1, 3]);
    expect(index.search(normalizeSearchText('あ'), 20)).toEqual([1, 3]);
    expect(index.search(normalizeSearchText('み'), 20)).toEqual([2]);
  });

  it('ignores corporate words and width', () => {
    expect(index.search(normalizeSearchText('ＡＢＣ'), 20)).toEqual([4]);
    expect(index.search(normalizeSearchText('株式会社 abc'), 20)).toEqual([4]);
  });

  it('stops at the limit and answers nothing for an empty query', () => {
    expect(index.search(normalizeSearchText('ス'), 1)).toHaveLength(1);
    expect(index.search('', 20)).toEqual([]);
  });

  it('agrees with a brute-force scan on random data', () => {
    const alphabet = fc.constantFrom('ア', 'イ', 'カ', 'ン', 'ー', '青', '葉', '𠮷', 'a', 'b');
    const key = fc.array(alphabet, { minLength: 0, maxLength: 6 }).map((c) => c.join(''));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, key), { maxLength: 40 }),
        fc.array(alphabet, { minLength: 1, maxLength: 4 }).map((c) => c.join('')),
        fc.integer({ min: 1, max: 50 }),
        (pairs, query, limit) => {
          const list = pairs.map(([nameKey, kanaKey], i) => ({ id: i + 1, nameKey, kanaKey }));
          expect(CompanySearchIndex.of(list).search(query, limit)).toEqual(bruteForce(list, query, limit));
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('intersect', () => {
  it('keeps the positions of both ascending lists, in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(300)), fc.uniqueArray(fc.nat(300)), (a, b) => {
        const left = Int32Array.from(a.sort((x, y) => x - y));
        const right = Int32Array.from(b.sort((x, y) => x - y));
        const expected = a.filter((value) => b.includes(value));
        expect(Array.from(intersect(left, right))).toEqual(expected);
        expect(Array.from(intersect(right, left))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
