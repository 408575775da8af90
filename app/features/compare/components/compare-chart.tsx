import { useEffect, useRef, useState } from 'react';
import type { Chart as ChartType, ChartConfiguration, TooltipItem } from 'chart.js';
import { buildAxisLabels, CHART_SCALE, formatAxisValue, toChartSeries, wrapAxisLabel } from '../chart-data';
import type { Score } from '../compare-data';
import styles from './compare-chart.module.css';

export type CompareChartProps = {
  /** Decided on the server from the User-Agent header (chartHeightForUserAgent). */
  height: number;
  categoryLabels: string[];
  baseName: string;
  baseValues: Score[];
  /** Null without a target company: only the base series is drawn. */
  targetName: string | null;
  targetValues: Score[] | null;
  /** Says in words what the chart shows, for screen readers and before the script has loaded. */
  description: string;
};

/** Below this width (px) long axis labels break onto two lines. */
const NARROW_CHART = 360;

type Series = Omit<CompareChartProps, 'height' | 'description'>;

/**
 * The radar chart (docs/product/pages.md#radar-chart) in #js-compare-chart. Chart.js is imported inside the
 * effect, so the library is a chunk of its own that only this page loads, after hydration; the
 * box keeps its height meanwhile, so nothing below it moves.
 */
export function CompareChart({ height, description, ...series }: CompareChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<ChartType<'radar', number[], string> | null>(null);
  const latest = useRef<Series>(series);
  latest.current = series;
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let chart: ChartType<'radar', number[], string> | null = null;
    (async () => {
      const { Chart, RadarController, RadialLinearScale, PointElement, LineElement, Filler, Tooltip } = await import('chart.js');
      if (cancelled || !canvasRef.current) return;
      Chart.register(RadarController, RadialLinearScale, PointElement, LineElement, Filler, Tooltip);
      chart = new Chart(canvasRef.current, chartConfig(canvasRef.current, latest));
      chartRef.current = chart;
      setStatus('ready');
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('compare chart failed to load', error);
      setStatus('failed');
    });
    return () => {
      cancelled = true;
      chart?.destroy();
      chartRef.current = null;
    };
  }, []);

  // Redraws when the year/season (or anything else shown) changes.
  const { categoryLabels, baseName, baseValues, targetName, targetValues } = series;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shown values trigger the redraw; it reads them from latest.current.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    applySeries(chart, latest.current);
    chart.update();
  }, [status, categoryLabels, baseName, baseValues, targetName, targetValues]);

  return (
    <div id="js-compare-chart" className={styles.chart} style={{ height }}>
      <canvas ref={canvasRef} role="img" aria-label={description} />
      {status !== 'ready' && (
        <p className={styles.placeholder} aria-hidden="true">
          {status === 'loading' ? 'チャートを読み込んでいます…' : 'チャートを表示できませんでした。下の表で比較できます。'}
        </p>
      )}
    </div>
  );
}

function applySeries(chart: ChartType<'radar', number[], string>, series: Series) {
  const length = series.categoryLabels.length;
  chart.data.labels = buildAxisLabels(series.categoryLabels, series.targetValues);
  const [base, target] = chart.data.datasets;
  if (base) {
    base.label = series.baseName;
    base.data = toChartSeries(series.baseValues, length);
  }
  if (series.targetValues === null) {
    if (target) chart.data.datasets.pop();
    return;
  }
  const colors = seriesColors(chart.canvas);
  const targetData = toChartSeries(series.targetValues, length);
  if (target) {
    target.label = series.targetName ?? '';
    target.data = targetData;
  } else {
    chart.data.datasets.push(dataset(series.targetName ?? '', targetData, colors.target));
  }
}

function seriesColors(canvas: HTMLCanvasElement) {
  const style = getComputedStyle(canvas);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    base: read('--compare-base', '#0b7a6b'),
    target: read('--compare-target', '#b4591a'),
    text: read('--color-text', '#222222'),
    muted: read('--color-text-muted', '#5b6270'),
    grid: read('--color-border', '#dde1e7'),
    font: style.fontFamily,
  };
}

function dataset(label: string, data: number[], color: string) {
  return {
    label,
    data,
    borderColor: color,
    backgroundColor: withAlpha(color, 0.16),
    pointBackgroundColor: color,
    pointBorderColor: '#ffffff',
    pointRadius: 3,
    pointHoverRadius: 5,
    borderWidth: 2,
    fill: true,
  };
}

/** #rrggbb with an alpha channel, for the translucent fill under a series. */
function withAlpha(hex: string, alpha: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return hex;
  const channel = Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
  return `#${match[1]}${channel}`;
}

function chartConfig(canvas: HTMLCanvasElement, latest: { current: Series }): ChartConfiguration<'radar', number[], string> {
  const colors = seriesColors(canvas);
  const series = latest.current;
  const length = series.categoryLabels.length;
  const datasets = [dataset(series.baseName, toChartSeries(series.baseValues, length), colors.base)];
  if (series.targetValues !== null) {
    datasets.push(dataset(series.targetName ?? '', toChartSeries(series.targetValues, length), colors.target));
  }
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return {
    type: 'radar',
    data: { labels: buildAxisLabels(series.categoryLabels, series.targetValues), datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : { duration: 300 },
      layout: { padding: 2 },
      scales: {
        r: {
          min: CHART_SCALE.min,
          max: CHART_SCALE.max,
          beginAtZero: true,
          ticks: {
            stepSize: CHART_SCALE.stepSize,
            color: colors.muted,
            // Drawn over the filled areas on a light chip, so the numbers stay readable.
            z: 1,
            backdropColor: 'rgba(255, 255, 255, 0.85)',
            backdropPadding: 1,
            font: { size: 9, family: colors.font },
          },
          grid: { color: colors.grid },
          angleLines: { color: colors.grid },
          pointLabels: {
            color: colors.text,
            padding: 4,
            font: { size: 11, family: colors.font },
            // Labels beside a phone-sized radar would squeeze it: break the long ones there.
            callback: (label: string) => (canvas.clientWidth < NARROW_CHART ? wrapAxisLabel(label) : label),
          },
        },
      },
      plugins: {
        tooltip: {
          callbacks: {
            title: (items: TooltipItem<'radar'>[]) => latest.current.categoryLabels[items[0]?.dataIndex ?? 0] ?? '',
            // The real average, so a series drawn as zeros reads "--" rather than 0.
            label: (item: TooltipItem<'radar'>) => {
              const current = latest.current;
              const values = item.datasetIndex === 0 ? current.baseValues : (current.targetValues ?? []);
              return ` ${item.dataset.label}：${formatAxisValue(values[item.dataIndex])}`;
            },
          },
        },
      },
    },
  };
}
