// Days as a student in Japan counts them: the tracker's dates are calendar dates in Asia/Tokyo
// (UTC+9 all year, no daylight saving time), whatever the server's own zone. Pure.

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today's date in Tokyo, 'YYYY-MM-DD'. */
export function tokyoToday(now: Date): string {
  return new Date(now.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The date `days` after a 'YYYY-MM-DD'. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 「今日」「明日」「あと3日」 for a coming date; 「終了」 once it has passed. */
export function dueLabel(today: string, date: string): string {
  const days = daysBetween(today, date);
  if (days < 0) return '終了';
  if (days === 0) return '今日';
  if (days === 1) return '明日';
  return `あと${days}日`;
}

/** A real calendar date written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** 2026-12-01 → 12月1日（火）. */
export function formatDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return `${parsed.getUTCMonth() + 1}月${parsed.getUTCDate()}日（${WEEKDAYS[parsed.getUTCDay()]}）`;
}
