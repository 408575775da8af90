// Dates and times as Japan counts them, whatever the zone of the server or of the browser: the one
// place that knows Japan's offset from UTC (docs/decisions/058-one-way-tidy.md; a test refuses the
// offset written anywhere else). Japan has kept UTC+9 all year since 1952 (its last daylight
// saving time was 1951; every date this site handles is far later), so Tokyo's wall clock is the
// UTC clock of the instant nine hours later. That is an addition, where Intl with a time zone
// costs several microseconds a date, and a page shows dozens. Pure; pages load it.

/** Japan's zone as the IANA database names it: for an iCalendar feed and SQL's AT TIME ZONE. */
export const TOKYO_TIME_ZONE = 'Asia/Tokyo';

/** Japan's offset from UTC as ISO 8601 writes it. */
export const TOKYO_UTC_OFFSET = '+09:00';

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

/** One calendar day. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An instant shifted to Tokyo's wall clock: read it with getUTCFullYear(), getUTCMonth(),
 * getUTCHours() and the like (never with the local getters, which add the machine's zone).
 */
export function tokyoWallClock(at: Date | number | string): Date {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + TOKYO_OFFSET_MS);
}

/** The calendar year in Tokyo of an instant (now by default). */
export function tokyoYear(at: Date | number = Date.now()): number {
  return tokyoWallClock(at).getUTCFullYear();
}

/** Tokyo's calendar date of an instant (now by default), 'YYYY-MM-DD'. */
export function tokyoDate(at: Date | number = Date.now()): string {
  return tokyoWallClock(at).toISOString().slice(0, 10);
}

/**
 * The instant of a wall-clock time in Tokyo (month 1–12). Like Date.UTC, a day past the month's
 * end rolls over (February 30 is March 1 or 2): a caller that must refuse it compares
 * tokyoWallClock of the answer with what it asked for.
 */
export function tokyoInstant(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds) - TOKYO_OFFSET_MS);
}

/** Midnight in Tokyo at the start of a 'YYYY-MM-DD'. */
export function tokyoMidnight(date: string): Date {
  return new Date(`${date}T00:00:00${TOKYO_UTC_OFFSET}`);
}

/** The date `days` after a 'YYYY-MM-DD' (before it when negative): calendar arithmetic, no zone. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
