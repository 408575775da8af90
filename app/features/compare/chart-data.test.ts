import { describe, expect, it } from 'vitest';
import {
  buildAxisLabels,
  chartHeightForUserAgent,
  formatAxisValue,
  hasChartValues,
  toChartNumber,
  toChartSeries,
  wrapAxisLabel,
} from './chart-data';

describe('chart values', () => {
  it.each([
    ['3.5', 3.5],
    [' 4 ', 4],
    [2, 2],
  ])('converts the numeric value %j to %j', (value, number) => {
    expect(toChartNumber(value)).toBe(number);
  });

  it.each(['', 'abc', null, Number.NaN])('converts %o, no number, to null', (value) => {
    expect(toChartNumber(value)).toBeNull();
  });

  it('converts a series of numeric strings to numbers', () => {
    expect(toChartSeries(['3.5', '4.0', 2], 3)).toEqual([3.5, 4, 2]);
  });

  it('draws a target without any values as all zeros', () => {
    expect(toChartSeries([null, null, null], 3)).toEqual([0, 0, 0]);
    expect(toChartSeries([], 4)).toEqual([0, 0, 0, 0]);
    expect(hasChartValues([null, '', null])).toBe(false);
    expect(hasChartValues([null, '1.0'])).toBe(true);
  });
});

describe('axis labels', () => {
  it("carry the target's value, or -- where it has none", () => {
    expect(buildAxisLabels(['選考難易度', '業界理解'], ['3.5', null])).toEqual(['選考難易度 3.5', '業界理解 --']);
    expect(buildAxisLabels(['選考難易度', '業界理解'], [])).toEqual(['選考難易度 --', '業界理解 --']);
    expect(buildAxisLabels(['選考難易度'], [4])).toEqual(['選考難易度 4.0']);
    expect(formatAxisValue(4)).toBe('4.0');
  });

  it('break after の on a narrow chart when they are long', () => {
    expect(wrapAxisLabel('メンターのコミット 2.0')).toEqual(['メンターの', 'コミット 2.0']);
    expect(wrapAxisLabel('参加者のレベル --')).toEqual(['参加者の', 'レベル --']);
    expect(wrapAxisLabel('選考難易度 4.5')).toBe('選考難易度 4.5');
    expect(wrapAxisLabel('企業理解')).toBe('企業理解');
    expect(wrapAxisLabel('テーマの')).toBe('テーマの');
  });

  it('stand alone without a target company', () => {
    expect(buildAxisLabels(['選考難易度'], null)).toEqual(['選考難易度']);
  });
});

describe('chart height', () => {
  it('is 240 px on phones and tablets and 230 px elsewhere', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    const ipod = 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    for (const ua of [iphone, ipad, ipod, android]) expect(chartHeightForUserAgent(ua)).toBe(240);
    expect(chartHeightForUserAgent(desktop)).toBe(230);
    expect(chartHeightForUserAgent('')).toBe(230);
    expect(chartHeightForUserAgent(null)).toBe(230);
  });
});
