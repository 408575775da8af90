// Years as a Japanese student counts them, on Tokyo's calendar: the academic year runs from April
// to March, and a student is known by the year they graduate in (2027年卒).
import { tokyoWallClock } from './tokyo-time';

/**
 * The graduation year of the students who graduate at the end of the current academic year: in
 * November 2026 (and until March 2027) that is 2027, from April 2027 it is 2028.
 */
export function currentGraduationYear(now: Date = new Date()): number {
  const tokyo = tokyoWallClock(now);
  return tokyo.getUTCMonth() >= 3 ? tokyo.getUTCFullYear() + 1 : tokyo.getUTCFullYear();
}
