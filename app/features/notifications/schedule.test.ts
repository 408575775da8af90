import { describe, expect, it } from 'vitest';
import { latestDailySlot, latestSlot, latestWeeklySlot, reminderInstant } from './schedule';

describe('the 8:00 slots in Tokyo', () => {
  it('is today at 8:00 from 8:00 on, and yesterday before', () => {
    // 2026-11-30 is a Monday; 8:00 in Tokyo is 23:00 UTC the day before.
    expect(latestDailySlot(new Date('2026-11-29T23:00:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(latestDailySlot(new Date('2026-11-29T22:59:59Z')).toISOString()).toBe('2026-11-28T23:00:00.000Z');
    expect(latestDailySlot(new Date('2026-11-30T14:59:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });

  it('is the last Monday at 8:00 for the weekly digest', () => {
    expect(latestWeeklySlot(new Date('2026-11-29T23:00:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(latestWeeklySlot(new Date('2026-11-29T22:00:00Z')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(latestSlot('digest-weekly', new Date('2026-12-03T03:00:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(latestSlot('reminders', new Date('2026-12-03T03:00:00Z')).toISOString()).toBe('2026-12-02T23:00:00.000Z');
  });

  it('reminds at 8:00 on the day before, and three days before', () => {
    expect(reminderInstant('2026-12-01', 1).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(reminderInstant('2026-12-01', 3).toISOString()).toBe('2026-11-27T23:00:00.000Z');
  });
});
