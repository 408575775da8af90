// What the bench's measurements have in common: the figures of one measured case and the
// percentile of a sorted list of latencies.

export type Measurement = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The longest wait, where a case reports it. */
  max?: number;
  ratioToBaseline?: number;
};

/** The p-th percentile (nearest rank) of latencies sorted ascending; NaN for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Milliseconds with one decimal; n/a for a case without a figure (NaN, or null from JSON). */
export const ms = (value: number | null) => (value !== null && Number.isFinite(value) ? value.toFixed(1) : 'n/a');
