import { describe, expect, it } from 'vitest';
import { excerpt, formatCount, formatDate, formatYearSeason } from './format';

describe('format', () => {
  it('formats dates in Japan time', () => {
    expect(formatDate(new Date('2025-03-31T16:00:00Z'))).toBe('2025年4月1日');
  });
  it('puts counters on grouped numbers', () => {
    expect(formatCount(12345, '件')).toBe('12,345件');
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
