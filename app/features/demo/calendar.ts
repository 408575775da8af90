// The fixed calendar of the demo data. Everything is dated relative to REFERENCE_DATE, not to
// the clock, so that the same seed always gives the same rows.
import type { Random } from './random';

/** Everything except page views is dated relative to this instant, so the data never changes. */
export const REFERENCE_DATE = new Date('2026-03-01T00:00:00+09:00');

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A JST calendar date as an instant (midnight in Tokyo). */
export function jst(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - 9 * HOUR);
}

export function between(rng: Random, from: Date, to: Date): Date {
  const start = from.getTime();
  const end = Math.max(start, to.getTime());
  return new Date(Math.floor((start + rng.next() * (end - start)) / 1000) * 1000);
}

export function plus(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

export function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

/** The Tokyo calendar day of an instant, as PostgreSQL's date text. */
export function tokyoDay(date: Date): string {
  return new Date(date.getTime() + 9 * HOUR).toISOString().slice(0, 10);
}

/** A date in the last `days` days before the reference date, more often recent. */
export function recent(rng: Random, days: number, skew = 1.4): Date {
  return new Date(Math.floor((REFERENCE_DATE.getTime() - Math.max(2 * HOUR, rng.next() ** skew * days * DAY)) / 1000) * 1000);
}
