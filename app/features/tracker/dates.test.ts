import { describe, expect, it } from 'vitest';
import { dueLabel, formatDay, isCalendarDate } from './dates';

describe('tracker dates', () => {
  it('labels coming days as a student reads them', () => {
    expect(dueLabel('2026-12-30', '2026-12-30')).toBe('今日');
    expect(dueLabel('2026-12-30', '2026-12-31')).toBe('明日');
    expect(dueLabel('2026-12-30', '2027-01-02')).toBe('あと3日');
    expect(dueLabel('2026-12-30', '2026-12-29')).toBe('終了');
  });

  it('accepts only real dates and writes them in Japanese', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(formatDay('2026-12-01')).toBe('12月1日（火）');
  });
});
