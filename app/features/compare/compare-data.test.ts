import { describe, expect, it } from 'vitest';
import {
  buildCompareData,
  CATEGORY_LABELS,
  compareYearSeasonDesc,
  formatScoreCell,
  parseYearSeasonKey,
  resolveYearSeasonChoice,
  toScore,
  type EvaluationRow,
} from './compare-data';

function row(companyId: number, year: number, season: 'summer' | 'winter', reportCount: number, base: number | string): EvaluationRow {
  const value = (offset: number) => (typeof base === 'string' ? base : (base + offset / 10).toFixed(1));
  return {
    companyId,
    year,
    season,
    reportCount,
    all: value(0),
    difficulty: value(1),
    industry_understanding: value(2),
    company_understanding: value(3),
    mentor: value(4),
    growth: value(5),
    directly_linked_to_offer: value(6),
    level: value(7),
    theme: value(8),
  };
}

describe('buildCompareData', () => {
  it('keys allData by year_season, newest first, with the nine table items and eight chart values', () => {
    const data = buildCompareData({
      rows: [row(1, 2024, 'summer', 3, 3), row(2, 2024, 'summer', 2, 4), row(1, 2024, 'winter', 1, 2)],
      baseCompanyId: 1,
      targetCompanyId: 2,
    });
    expect(Object.keys(data.allData)).toEqual(['2024_winter', '2024_summer']);
    const summer = data.allData['2024_summer']!;
    expect(summer.label).toBe('2024年 夏');
    expect(summer.tableData.baseCompany).toEqual({
      all: '3.0',
      difficulty: '3.1',
      industry_understanding: '3.2',
      company_understanding: '3.3',
      mentor: '3.4',
      growth: '3.5',
      directly_linked_to_offer: '3.6',
      level: '3.7',
      theme: '3.8',
    });
    // The chart lists follow categoryLabels: every item but 総合評価.
    expect(data.categoryLabels).toEqual(CATEGORY_LABELS);
    expect(data.categoryLabels).toEqual([
      '選考難易度',
      '業界理解',
      '企業理解',
      'メンターのコミット',
      '自己成長',
      '内定直結度',
      '参加者のレベル',
      'テーマの面白さ',
    ]);
    expect(summer.internExperienceEvaluateSet).toEqual(['3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8']);
    expect(summer.targetInternExperienceEvaluateSet).toEqual(['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7', '4.8']);
    expect(summer.reportCounts).toEqual({ baseCompany: 3, targetCompany: 2 });
  });

  it('chooses the newest year/season with data for the base company as the default', () => {
    const data = buildCompareData({
      rows: [row(1, 2023, 'winter', 2, 3), row(2, 2025, 'summer', 4, 4), row(1, 2023, 'summer', 1, 3)],
      baseCompanyId: 1,
      targetCompanyId: 2,
    });
    expect(data.currentYear).toBe(2023);
    expect(data.currentSeason).toBe('winter');
    // The season only the target has is still there, with empty base values.
    const onlyTarget = data.allData['2025_summer']!;
    expect(onlyTarget.tableData.baseCompany.all).toBeNull();
    expect(onlyTarget.internExperienceEvaluateSet).toEqual(Array(8).fill(null));
    expect(onlyTarget.reportCounts).toEqual({ baseCompany: 0, targetCompany: 4 });
  });

  it('falls back to the target, then to no default at all', () => {
    const onlyTarget = buildCompareData({ rows: [row(2, 2024, 'winter', 1, 4)], baseCompanyId: 1, targetCompanyId: 2 });
    expect([onlyTarget.currentYear, onlyTarget.currentSeason]).toEqual([2024, 'winter']);
    const none = buildCompareData({ rows: [], baseCompanyId: 1, targetCompanyId: 2 });
    expect(none).toMatchObject({ allData: {}, currentYear: null, currentSeason: null });
  });

  it('leaves the target empty when there is none, and ignores rows of other companies', () => {
    const data = buildCompareData({
      rows: [row(1, 2024, 'summer', 2, 3), row(9, 2024, 'summer', 5, 5), row(9, 2022, 'winter', 5, 5)],
      baseCompanyId: 1,
      targetCompanyId: null,
    });
    expect(Object.keys(data.allData)).toEqual(['2024_summer']);
    const entry = data.allData['2024_summer']!;
    expect(entry.targetInternExperienceEvaluateSet).toEqual(Array(8).fill(null));
    expect(Object.values(entry.tableData.targetCompany).every((value) => value === null)).toBe(true);
    expect(entry.reportCounts.targetCompany).toBe(0);
  });

  it('rounds driver numbers to one decimal and treats junk as empty', () => {
    const data = buildCompareData({
      rows: [{ ...row(1, 2024, 'summer', 1, 3), all: 3.25, mentor: '', growth: 'abc', theme: 4 }],
      baseCompanyId: 1,
      targetCompanyId: null,
    });
    const scores = data.allData['2024_summer']!.tableData.baseCompany;
    expect(scores.all).toBe('3.3');
    expect(scores.mentor).toBeNull();
    expect(scores.growth).toBeNull();
    expect(scores.theme).toBe('4.0');
  });
});

describe('table cells', () => {
  it('shows "--" for an empty value', () => {
    expect(formatScoreCell(null)).toBe('--');
    expect(formatScoreCell(undefined)).toBe('--');
    expect(formatScoreCell('')).toBe('--');
    expect(formatScoreCell('3.5')).toBe('3.5');
    expect(formatScoreCell(4)).toBe('4.0');
  });

  it('keeps one decimal', () => {
    expect(toScore('3.46')).toBe('3.5');
    expect(toScore(' 2 ')).toBe('2.0');
    expect(toScore(null)).toBeNull();
    expect(toScore('NaN')).toBeNull();
  });
});

describe('the year/season dropdown guard', () => {
  const data = buildCompareData({
    rows: [row(1, 2024, 'summer', 1, 3), row(1, 2023, 'winter', 1, 3)],
    baseCompanyId: 1,
    targetCompanyId: null,
  });

  it('accepts a four-digit year with summer or winter that has data', () => {
    expect(resolveYearSeasonChoice('2024_summer', data.allData)).toBe('2024_summer');
    expect(resolveYearSeasonChoice('2023_winter', data.allData)).toBe('2023_winter');
  });

  it('changes nothing for any other option', () => {
    for (const value of [
      '2024_spring',
      '24_summer',
      '20245_summer',
      '2024-summer',
      '2024_Summer',
      ' 2024_summer',
      '2024_summer ',
      '',
      'abcd_winter',
      null,
      undefined,
      2024,
    ]) {
      expect(resolveYearSeasonChoice(value, data.allData), String(value)).toBeNull();
    }
  });

  it('changes nothing for a valid year/season without data', () => {
    expect(resolveYearSeasonChoice('2022_summer', data.allData)).toBeNull();
    expect(resolveYearSeasonChoice('2024_winter', data.allData)).toBeNull();
    // Inherited object keys are not data either.
    expect(resolveYearSeasonChoice('constructor', data.allData)).toBeNull();
  });

  it('parses the key', () => {
    expect(parseYearSeasonKey('2025_winter')).toEqual({ year: 2025, season: 'winter' });
    expect(parseYearSeasonKey('2025_autumn')).toBeNull();
  });

  it('orders newest first, winter after summer within a year', () => {
    const list = [
      { year: 2023, season: 'summer' as const },
      { year: 2024, season: 'summer' as const },
      { year: 2023, season: 'winter' as const },
    ].sort(compareYearSeasonDesc);
    expect(list).toEqual([
      { year: 2024, season: 'summer' },
      { year: 2023, season: 'winter' },
      { year: 2023, season: 'summer' },
    ]);
  });
});
