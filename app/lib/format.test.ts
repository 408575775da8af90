import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerpt, formatCount, formatDate, formatYearSeason } from './format';

describe('format', () => {
  it('formats dates in Japan time', () => {
    expect(formatDate(new Date('2025-03-31T16:00:00Z'))).toBe('2025年4月1日');
    expect(formatDate('2025-03-31T14:59:59.999Z')).toBe('2025年3月31日');
    expect(formatDate('2024-12-31T15:00:00+00:00')).toBe('2025年1月1日');
  });
  it('writes every date as Intl does for Asia/Tokyo', () => {
    const intl = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1952-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (date) => {
        expect(formatDate(date)).toBe(intl.format(date));
      }),
      { numRuns: 2000 },
    );
  });
  it('puts counters on grouped numbers', () => {
    expect(formatCount(12345, '件')).toBe('12,345件');
    expect(formatCount(0, '人')).toBe('0人');
    expect(formatCount(999, '件')).toBe('999件');
    expect(formatCount(1000, '件')).toBe('1,000件');
    expect(formatCount(-1234567, '円')).toBe('-1,234,567円');
  });
  it('groups digits as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('ja-JP');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(formatCount(value, '')).toBe(intl.format(value));
      }),
      { numRuns: 2000 },
    );
  });
  it('reads year and season in Japanese', () => {
    expect(formatYearSeason(2024, 'summer')).toBe('2024年 夏');
    expect(formatYearSeason(2024, 'winter')).toBe('2024年 冬');
  });
  it('cuts by characters, not UTF-16 units, and flattens whitespace', () => {
    expect(excerpt('あいう\nえお', 10)).toBe('あいう えお');
    expect(excerpt('𠮷野家で働く', 3)).toBe('𠮷野家…');
  });
});
