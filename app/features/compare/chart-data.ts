// What the radar chart draws (docs/product/pages.md#radar-chart), kept apart from Chart.js so that
// the rules are unit-tested: numeric strings become numbers, a target without any values is
// drawn as zeros, and each axis label carries the target's value or "--".
import { deviceClass } from '../../lib/shared-page';

/** docs/product/pages.md#radar-chart: the chart is 240 px high on phones and tablets, 230 px elsewhere. */
export const CHART_HEIGHT_MOBILE = 240;
export const CHART_HEIGHT_DEFAULT = 230;
export const CHART_SCALE = { min: 0, max: 5, stepSize: 1 } as const;

/**
 * Decided on the server from the User-Agent header, so the height is right before hydration; by
 * the device class that the page cache keys the comparison page by (app/lib/shared-page.ts).
 */
export function chartHeightForUserAgent(userAgent: string | null | undefined): number {
  return deviceClass(userAgent) === 'mobile' ? CHART_HEIGHT_MOBILE : CHART_HEIGHT_DEFAULT;
}

type RawValue = string | number | null | undefined;

/** A value for the chart: numbers and numeric strings ("3.5", " 4 ") as numbers, anything else null. */
export function toChartNumber(value: RawValue): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

/**
 * One series of the radar chart, one number per axis. A series without any value is drawn as
 * all zeros (docs/product/pages.md#radar-chart); a single missing value is 0 as well, so the polygon stays closed.
 */
export function toChartSeries(values: readonly RawValue[], length: number): number[] {
  const numbers = Array.from({ length }, (_, index) => toChartNumber(values[index]));
  return numbers.map((value) => value ?? 0);
}

/** True when the series has at least one real value (not only the zeros drawn in its place). */
export function hasChartValues(values: readonly RawValue[]): boolean {
  return values.some((value) => toChartNumber(value) !== null);
}

/** An axis value as shown beside its label: one decimal, or "--" when missing. */
export function formatAxisValue(value: RawValue): string {
  const number = toChartNumber(value);
  return number === null ? '--' : number.toFixed(1);
}

/**
 * The axis labels: each category label followed by the target's value, or "--" where the target
 * has none. One line each, so that the labels above and below the chart leave the radar as much
 * of its 230-240 px as possible. Without a target company the labels stand alone.
 */
export function buildAxisLabels(categoryLabels: readonly string[], targetValues: readonly RawValue[] | null): string[] {
  if (targetValues === null) return [...categoryLabels];
  return categoryLabels.map((label, index) => `${label} ${formatAxisValue(targetValues[index])}`);
}

/**
 * An axis label as drawn on a narrow chart: long labels break after their の (メンターの / コミット),
 * so that the labels beside the radar leave it room on a 375 px phone.
 */
export function wrapAxisLabel(label: string, maxLineLength = 7): string | string[] {
  const chars = Array.from(label);
  if (chars.length <= maxLineLength) return label;
  const at = chars.indexOf('の');
  if (at <= 0 || at >= chars.length - 1) return label;
  return [chars.slice(0, at + 1).join(''), chars.slice(at + 1).join('')];
}
