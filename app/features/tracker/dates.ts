// Days as a student in Japan counts them: the tracker's dates are calendar dates in Tokyo,
// whatever the server's own zone (app/lib/tokyo-time.ts). Pure.
import { daysBetween } from '../../lib/tokyo-time';

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
