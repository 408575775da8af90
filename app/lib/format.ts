// Japanese display formats (docs/product/texts-timings-sizes.md#formats): counters on numbers, dates as 2025年4月1日,
// the date in Japan (app/lib/tokyo-time.ts).
import { tokyoWallClock } from './tokyo-time';

export function formatDate(value: Date | string): string {
  const japan = tokyoWallClock(value);
  return `${japan.getUTCFullYear()}年${japan.getUTCMonth() + 1}月${japan.getUTCDate()}日`;
}

/** 12345 → 12,345 (the Japanese grouping, as Intl.NumberFormat('ja-JP') writes it). */
function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('ja-JP');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

export function formatCount(value: number, counter: string): string {
  return `${groupDigits(value)}${counter}`;
}

export function formatYearSeason(year: number, season: 'summer' | 'winter'): string {
  return `${year}年 ${season === 'summer' ? '夏' : '冬'}`;
}

/** The first `length` characters of a text on one line, with … when cut. */
export function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= length ? flat : `${chars.slice(0, length).join('')}…`;
}
