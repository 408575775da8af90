import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, dueLabel, formatDay, isCalendarDate, tokyoToday } from './dates';

describe('tracker dates', () => {
  it('counts the day in Tokyo, not in UTC', () => {
    expect(tokyoToday(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(tokyoToday(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
  });

  it('labels coming days as a student reads them', () => {
    expect(dueLabel('2026-12-30', '2026-12-30')).toBe('今日');
    expect(dueLabel('2026-12-30', '2026-12-31')).toBe('明日');
    expect(dueLabel('2026-12-30', '2027-01-02')).toBe('あと3日');
    expect(dueLabel('2026-12-30', '2026-12-29')).toBe('終了');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('accepts only real dates and writes them in Japanese', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(formatDay('2026-12-01')).toBe('12月1日（火）');
  });
});
