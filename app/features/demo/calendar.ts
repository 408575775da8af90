// The fixed calendar of the demo data. Everything is dated relative to REFERENCE_DATE, not to
// the clock, so that the same seed always gives the same rows.
import { tokyoMidnight } from '../../lib/tokyo-time';
import type { Random } from './random';

/** Everything except page views is dated relative to this instant, so the data never changes. */
export const REFERENCE_DATE = tokyoMidnight('2026-03-01');

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

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

/** A date in the last `days` days before the reference date, more often recent. */
export function recent(rng: Random, days: number, skew = 1.4): Date {
  return new Date(Math.floor((REFERENCE_DATE.getTime() - Math.max(2 * HOUR, rng.next() ** skew * days * DAY)) / 1000) * 1000);
}
