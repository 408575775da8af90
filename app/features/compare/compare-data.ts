// The comparison page's data (docs/product/pages.md#comparison-page): the per-company, per-year/season averages of
// published intern experiences, shaped into allData keyed by year_season. Pure, so that the
// server builds it and the unit tests check it without a database.
import { formatYearSeason } from '../../lib/format';
import { CHART_ITEMS, RATING_ITEMS, type RatingItemKey } from '../companies/rating-items';

export type Season = 'summer' | 'winter';

/** An average with one decimal as the database gives it ("3.5"), or null without reports. */
export type Score = string | null;

export type CompareScores = Record<RatingItemKey, Score>;

/**
 * One aggregated row of the page's single query: a company's published intern experiences of one
 * year and season. Averages may come as numeric strings or numbers depending on the driver.
 */
export type EvaluationRow = {
  companyId: number;
  year: number;
  season: Season;
  reportCount: number;
} & Record<RatingItemKey, string | number | null>;

export type CompareEntry = {
  year: number;
  season: Season;
  /** 2024年 夏 */
  label: string;
  /** The base company's averages in categoryLabels order (the eight chart items). */
  internExperienceEvaluateSet: Score[];
  /** The target company's averages in categoryLabels order; all null without a target. */
  targetInternExperienceEvaluateSet: Score[];
  tableData: { baseCompany: CompareScores; targetCompany: CompareScores };
  /** How many published intern experiences each average comes from. */
  reportCounts: { baseCompany: number; targetCompany: number };
};

export type CompareData = {
  /** Keyed by year_season (2024_summer), newest first. */
  allData: Record<string, CompareEntry>;
  /** The newest year/season with data for the base company (else for the target); null without any data. */
  currentYear: number | null;
  currentSeason: Season | null;
  /** The radar chart's axes: every rating item but 総合評価, in the order of docs/product/content.md#the-nine-ratings. */
  categoryLabels: string[];
};

/** A company of the compare search panel's initial list (docs/product/companies.md#related-companies). */
export type RelatedCompany = {
  companyId: number;
  name: string;
  prefName: string;
  /** Published intern experiences of the company, shown so students pick one with data. */
  internReportCount: number;
};

export const CATEGORY_LABELS: string[] = CHART_ITEMS.map((item) => item.label);

export function yearSeasonKey(year: number, season: Season): string {
  return `${year}_${season}`;
}

const YEAR_SEASON = /^(\d{4})_(summer|winter)$/;

/** Parses 2024_summer; anything without a four-digit year and summer or winter is null (docs/product/pages.md#year-and-season-dropdown). */
export function parseYearSeasonKey(value: unknown): { year: number; season: Season } | null {
  if (typeof value !== 'string') return null;
  const match = YEAR_SEASON.exec(value);
  if (!match) return null;
  return { year: Number(match[1]), season: match[2] as Season };
}

/**
 * The dropdown guard (docs/product/pages.md#year-and-season-dropdown): the key of the entry to show for a chosen option, or
 * null when the option carries no valid year/season or there is no data for it; null means
 * nothing changes.
 */
export function resolveYearSeasonChoice(value: unknown, allData: Record<string, CompareEntry>): string | null {
  const parsed = parseYearSeasonKey(value);
  if (!parsed) return null;
  const key = yearSeasonKey(parsed.year, parsed.season);
  return Object.hasOwn(allData, key) ? key : null;
}

/** Newest first; within a year the winter program (December to February) comes after the summer one. */
export function compareYearSeasonDesc(a: { year: number; season: Season }, b: { year: number; season: Season }): number {
  if (a.year !== b.year) return b.year - a.year;
  return seasonOrder(b.season) - seasonOrder(a.season);
}

function seasonOrder(season: Season): number {
  return season === 'winter' ? 1 : 0;
}

/** A stored average as a one-decimal string, or null. Accepts the driver's numbers or numeric strings. */
export function toScore(value: string | number | null | undefined): Score {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (String(value).trim() === '' || !Number.isFinite(number)) return null;
  return (Math.round(number * 10) / 10).toFixed(1);
}

/** What a table cell shows: the score, or "--" for an empty value (docs/product/pages.md#evaluation-table). */
export function formatScoreCell(value: Score | number | undefined): string {
  const score = typeof value === 'number' ? toScore(value) : toScore(value ?? null);
  return score ?? '--';
}

function emptyScores(): CompareScores {
  return Object.fromEntries(RATING_ITEMS.map((item) => [item.key, null])) as CompareScores;
}

function scoresOf(row: EvaluationRow | undefined): CompareScores {
  if (!row) return emptyScores();
  return Object.fromEntries(RATING_ITEMS.map((item) => [item.key, toScore(row[item.key])])) as CompareScores;
}

function chartSet(scores: CompareScores): Score[] {
  return CHART_ITEMS.map((item) => scores[item.key]);
}

/**
 * Builds allData from the aggregated rows of both companies. Every year/season where either
 * company has reports gets an entry, so a season only the target has can still be shown.
 */
export function buildCompareData(options: {
  rows: readonly EvaluationRow[];
  baseCompanyId: number;
  /** Null when no target is chosen, or when it is the base company itself. */
  targetCompanyId: number | null;
}): CompareData {
  const { rows, baseCompanyId, targetCompanyId } = options;
  const periods = new Map<string, { year: number; season: Season; base?: EvaluationRow; target?: EvaluationRow }>();
  for (const row of rows) {
    const isBase = row.companyId === baseCompanyId;
    const isTarget = targetCompanyId !== null && row.companyId === targetCompanyId;
    if (!isBase && !isTarget) continue;
    if (Number(row.reportCount) <= 0) continue;
    const key = yearSeasonKey(row.year, row.season);
    const period = periods.get(key) ?? { year: Number(row.year), season: row.season };
    if (isBase) period.base = row;
    if (isTarget) period.target = row;
    periods.set(key, period);
  }

  const ordered = [...periods.entries()].sort(([, a], [, b]) => compareYearSeasonDesc(a, b));
  const allData: Record<string, CompareEntry> = {};
  for (const [key, period] of ordered) {
    const baseCompany = scoresOf(period.base);
    const targetCompany = scoresOf(period.target);
    allData[key] = {
      year: period.year,
      season: period.season,
      label: formatYearSeason(period.year, period.season),
      internExperienceEvaluateSet: chartSet(baseCompany),
      targetInternExperienceEvaluateSet: chartSet(targetCompany),
      tableData: { baseCompany, targetCompany },
      reportCounts: {
        baseCompany: Number(period.base?.reportCount ?? 0),
        targetCompany: Number(period.target?.reportCount ?? 0),
      },
    };
  }

  const current = ordered.find(([, period]) => period.base !== undefined)?.[1] ?? ordered[0]?.[1] ?? null;
  return {
    allData,
    currentYear: current?.year ?? null,
    currentSeason: current?.season ?? null,
    categoryLabels: [...CATEGORY_LABELS],
  };
}
