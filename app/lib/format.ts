// Japanese display formats (PRODUCT.md section 9): counters on numbers, dates as 2025年4月1日.
const JST = 'Asia/Tokyo';

const dateFormat = new Intl.DateTimeFormat('ja-JP', { timeZone: JST, year: 'numeric', month: 'long', day: 'numeric' });
const numberFormat = new Intl.NumberFormat('ja-JP');

export function formatDate(value: Date | string): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

export function formatCount(value: number, counter: string): string {
  return `${numberFormat.format(value)}${counter}`;
}

export function formatYearSeason(year: number, season: 'summer' | 'winter'): string {
  return `${year}年 ${season === 'summer' ? '夏' : '冬'}`;
}

/** The first `length` characters of a text on one line, with … when cut. */
export function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= length ? flat : chars.slice(0, length).join('') + '…';
}
