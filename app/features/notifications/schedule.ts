// When the notification jobs run (docs/decisions/083-notifications.md), pure: the digests and the
// reminders at 8:00 Tokyo time, the weekly digest on Mondays. A job's slot is the latest such time
// at or before now; a slot no process has run yet is due (one missed while the site was down is
// run once, at the next start, as the latest slot).
import { addDays, tokyoDate, tokyoInstant, tokyoWallClock } from '../../lib/tokyo-time';

export const JOB_NAMES = ['digest-daily', 'digest-weekly', 'reminders'] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** The hour, Tokyo time, of every notification job. */
export const JOB_HOUR = 8;

function instantOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return tokyoInstant(year, month, day, JOB_HOUR);
}

/** The latest 8:00 in Tokyo at or before `now`. */
export function latestDailySlot(now: Date): Date {
  const today = instantOf(tokyoDate(now));
  return today.getTime() <= now.getTime() ? today : instantOf(addDays(tokyoDate(now), -1));
}

/** The latest Monday 8:00 in Tokyo at or before `now`. */
export function latestWeeklySlot(now: Date): Date {
  let slot = latestDailySlot(now);
  while (tokyoWallClock(slot).getUTCDay() !== 1) slot = instantOf(addDays(tokyoDate(slot), -1));
  return slot;
}

export function latestSlot(job: JobName, now: Date): Date {
  return job === 'digest-weekly' ? latestWeeklySlot(now) : latestDailySlot(now);
}

/** The instant of a reminder: 8:00 in Tokyo, `daysBefore` days before the event's date. */
export function reminderInstant(eventDate: string, daysBefore: number): Date {
  return instantOf(addDays(eventDate, -daysBefore));
}
