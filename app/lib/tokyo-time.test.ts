// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileExists, lineOf, readSource, sourceFiles } from '../../tests/support/source-scan';
import {
  addDays,
  DAY_MS,
  daysBetween,
  TOKYO_TIME_ZONE,
  TOKYO_UTC_OFFSET,
  tokyoDate,
  tokyoInstant,
  tokyoMidnight,
  tokyoWallClock,
  tokyoYear,
} from './tokyo-time';

const intlDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' });
const instants = fc.date({ min: new Date('1952-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

describe('Tokyo time', () => {
  it('reads the wall clock in Tokyo, nine hours ahead of UTC all year', () => {
    const wall = tokyoWallClock(new Date('2026-11-30T15:04:05Z'));
    expect(wall.toISOString()).toBe('2026-12-01T00:04:05.000Z');
    expect(tokyoWallClock('2026-06-30T14:59:59Z').getUTCDate()).toBe(30);
    expect(tokyoWallClock(Date.parse('2026-06-30T15:00:00Z')).getUTCDate()).toBe(1);
  });

  it('turns the date and the year at midnight in Tokyo, not in UTC', () => {
    expect(tokyoDate(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(tokyoDate(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
    expect(tokyoYear(new Date('2026-12-31T14:59:59Z'))).toBe(2026);
    expect(tokyoYear(Date.parse('2026-12-31T15:00:00Z'))).toBe(2027);
    expect(tokyoDate()).toBe(tokyoDate(Date.now()));
  });

  it('gives every date as Intl does for Asia/Tokyo', () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(tokyoDate(at)).toBe(intlDate.format(at));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds the instant of a Tokyo wall-clock time, and back', () => {
    expect(tokyoInstant(2026, 3, 1).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(tokyoInstant(2024, 5, 1, 10, 30, 15).getTime()).toBe(Date.parse(`2024-05-01T10:30:15${TOKYO_UTC_OFFSET}`));
    // Like Date.UTC, a day past the month's end rolls over; a caller that refuses it compares.
    expect(tokyoDate(tokyoInstant(2026, 2, 30))).toBe('2026-03-02');
    fc.assert(
      fc.property(instants, (at) => {
        const wall = tokyoWallClock(at);
        const again = tokyoInstant(
          wall.getUTCFullYear(),
          wall.getUTCMonth() + 1,
          wall.getUTCDate(),
          wall.getUTCHours(),
          wall.getUTCMinutes(),
          wall.getUTCSeconds(),
        );
        expect(again.getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
      }),
      { numRuns: 500 },
    );
  });

  it('starts a date at midnight in Tokyo', () => {
    expect(tokyoMidnight('2026-03-01').toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(tokyoMidnight('2026-03-01').getTime()).toBe(tokyoInstant(2026, 3, 1).getTime());
  });

  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-30', 13)).toBe('2026-12-13');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-12-30', '2026-12-29')).toBe(-1);
    expect(DAY_MS).toBe(86_400_000);
    expect(TOKYO_TIME_ZONE).toBe(Intl.DateTimeFormat('ja-JP', { timeZone: TOKYO_TIME_ZONE }).resolvedOptions().timeZone);
  });
});

// The one place that knows the offset (docs/decisions/058-one-way-tidy.md): Japan's +9 h, its
// zone's name and "midnight in Tokyo" written anywhere else is a second way, and fails here.

const MODULE = 'app/lib/tokyo-time.ts';

/** Files that may still write it, and why. */
const EXCEPTIONS: Record<string, string> = {
  'app/features/moderation/employee-review-columns.ts': "the CSV's date format shown to moderators, as an example they can copy",
};

const OFFSETS = [
  { pattern: /\b9\s*\*\s*(?:60\b(?!_)|3_?600(?:_?000)?\b|HOUR\b|36e5\b)/g, what: 'nine hours' },
  { pattern: /\b32_?400(?:_?000)?\b/g, what: 'nine hours' },
  { pattern: /\+0?9:?00\b/g, what: 'the +09:00 offset' },
  { pattern: /Asia\/Tokyo/g, what: "the zone's name" },
];

/** Source without its comments, which may well explain the offset. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function offsetsIn(file: string): string[] {
  if (!fileExists(file)) return [];
  const source = code(readSource(file));
  return OFFSETS.flatMap(({ pattern, what }) =>
    [...source.matchAll(pattern)].map((match) => `${file}:${lineOf(source, match.index)}: ${what}`),
  );
}

describe(`Japan's offset from UTC (${MODULE})`, () => {
  const files = ['app', 'server', 'scripts'].flatMap(sourceFiles);

  it('is written nowhere but in its module', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => file !== MODULE && !(file in EXCEPTIONS)).flatMap(offsetsIn);
    expect(offenders, `use ${MODULE} (tokyoDate, tokyoWallClock, tokyoInstant, TOKYO_TIME_ZONE …)`).toEqual([]);
    expect(offsetsIn(MODULE).length).toBeGreaterThan(0);
  });

  it('has no exception left that is no longer needed', () => {
    expect(Object.keys(EXCEPTIONS).filter((file) => offsetsIn(file).length === 0)).toEqual([]);
  });

  it('is recognised however it is written, but not in a comment', () => {
    const samples = [
      'const JST = 9 * 60 * 60 * 1000;',
      'new Date(Date.now() + 9 * 3600_000)',
      'at.getTime() + 9 * HOUR',
      'new Date(text + "T00:00:00+09:00")',
      "sql`(now() AT TIME ZONE 'Asia/Tokyo')::date`",
      "'TZOFFSETTO:+0900'",
    ];
    for (const sample of samples)
      expect(
        OFFSETS.some(({ pattern }) => new RegExp(pattern.source).test(code(sample))),
        sample,
      ).toBe(true);
    for (const sample of ['// Japan keeps UTC+9, Asia/Tokyo', 'const nineMinutes = 9 * 60_000;', "fetch('https://example.jp/a') // 9 * 60"])
      expect(
        OFFSETS.some(({ pattern }) => new RegExp(pattern.source).test(code(sample))),
        sample,
      ).toBe(false);
  });
});
