// The figures of a company's 選考対策 page (issue 34, docs/decisions/084-selection-insight.md), from
// the rows that publication keeps (selection_reports, selection_step_reports, selection_questions):
// the flows students reported, how many passed each step, how long results took and how they came,
// and the questions asked, grouped by kind. Pure, so that the tests hold every rule here.
import type { PostTypeKey, ResultChannel, SelectionStepKey, StepOutcome } from '../../db/enums';
import { RESULT_CHANNELS } from '../../db/enums';
import { classifyQuestion, normalizeQuestionText, OTHER_KIND } from '../posts/question-search';
import { isStepKey, RESULT_CHANNEL_LABELS, stepKeyLabel, stepOrder, STEP_OUTCOME_LABELS } from '../posts/selection-steps';

/**
 * No figure rests on fewer reports than this, so that no single student can be recognised from
 * it (a flow two students reported, one student's wait for a result).
 */
export const MIN_REPORTS = 3;
/** The most flows the page lists. */
export const FLOWS_SHOWN = 5;
/** The most phrasings a kind shows (the rest are counted). */
export const QUESTIONS_PER_KIND = 8;

/** Rows come grouped (GROUP BY in SQL): `count` reports share the values, however popular the company. */
export type FlowRow = { flow: string; graduationYear: number | null; type: PostTypeKey; count: number };
export type StepRow = { step: string; passed: boolean | null; resultDays: number | null; resultVia: string | null; count: number };
export type QuestionRow = { postId: number; type: PostTypeKey; step: string; question: string };

export type FlowSummary = {
  steps: SelectionStepKey[];
  /** ES → Webテスト → 一次面接 → 最終面接 */
  text: string;
  count: number;
  /** The graduation years with at least MIN_REPORTS reports of this flow, newest first. */
  byYear: Array<{ year: number; count: number }>;
};

export type Flows = {
  /** Every reported selection with steps. */
  reportCount: number;
  /** The flows reported at least MIN_REPORTS times, most common first. */
  flows: FlowSummary[];
};

function parseFlow(flow: string): SelectionStepKey[] | null {
  const steps = flow.split(',');
  return steps.length > 0 && steps.every(isStepKey) ? (steps as SelectionStepKey[]) : null;
}

export function flowText(steps: readonly SelectionStepKey[]): string {
  return steps.map(stepKeyLabel).join(' → ');
}

export function summarizeFlows(rows: readonly FlowRow[]): Flows {
  const byFlow = new Map<string, { steps: SelectionStepKey[]; count: number; years: Map<number, number> }>();
  for (const row of rows) {
    const steps = parseFlow(row.flow);
    if (!steps) continue;
    const entry = byFlow.get(row.flow) ?? { steps, count: 0, years: new Map<number, number>() };
    byFlow.set(row.flow, entry);
    entry.count += row.count;
    if (row.graduationYear !== null) entry.years.set(row.graduationYear, (entry.years.get(row.graduationYear) ?? 0) + row.count);
  }
  const flows = [...byFlow.values()]
    .filter((entry) => entry.count >= MIN_REPORTS)
    .sort((a, b) => b.count - a.count || a.steps.length - b.steps.length)
    .slice(0, FLOWS_SHOWN)
    .map((entry) => ({
      steps: entry.steps,
      text: flowText(entry.steps),
      count: entry.count,
      byYear: [...entry.years.entries()]
        .filter(([, count]) => count >= MIN_REPORTS)
        .sort((a, b) => b[0] - a[0])
        .map(([year, count]) => ({ year, count })),
    }));
  return { reportCount: rows.reduce((sum, row) => sum + row.count, 0), flows };
}

/** The middle value (the mean of the two middle ones for an even count), to one decimal. */
export function median(values: readonly number[]): number {
  return weightedMedian(values.map((value) => ({ value, count: 1 })));
}

/** The median of values given with how many times each occurs. */
export function weightedMedian(values: ReadonlyArray<{ value: number; count: number }>): number {
  const sorted = [...values].filter((item) => item.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, item) => sum + item.count, 0);
  const at = (position: number): number => {
    let seen = 0;
    for (const item of sorted) {
      seen += item.count;
      if (position < seen) return item.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  const value = total % 2 === 1 ? at((total - 1) / 2) : (at(total / 2 - 1) + at(total / 2)) / 2;
  return Math.round(value * 10) / 10;
}

export type StepSummary = {
  step: SelectionStepKey;
  label: string;
  /** How many of the reports that know the outcome passed; null under MIN_REPORTS. */
  passes: { known: number; passed: number } | null;
  /** Days until the result, of the reports that give them (no contact has none); null under MIN_REPORTS. */
  days: { count: number; median: number; min: number; max: number } | null;
  /** How results came, of the reports that say; null under MIN_REPORTS. */
  channels: {
    count: number;
    shares: Array<{ via: ResultChannel; label: string; count: number; percent: number }>;
    silentPercent: number;
  } | null;
};

function isChannel(value: string | null): value is ResultChannel {
  return value !== null && (RESULT_CHANNELS as readonly string[]).includes(value);
}

/** Each reported step with the figures that rest on enough reports, in the order of a selection. */
export function summarizeSteps(rows: readonly StepRow[]): StepSummary[] {
  type Entry = { known: number; passed: number; days: Array<{ value: number; count: number }>; channels: Map<ResultChannel, number> };
  const bySteps = new Map<SelectionStepKey, Entry>();
  for (const row of rows) {
    if (!isStepKey(row.step)) continue;
    const entry: Entry = bySteps.get(row.step) ?? { known: 0, passed: 0, days: [], channels: new Map() };
    bySteps.set(row.step, entry);
    if (row.passed !== null) {
      entry.known += row.count;
      if (row.passed) entry.passed += row.count;
    }
    if (row.resultDays !== null && row.resultVia !== 'silent') entry.days.push({ value: row.resultDays, count: row.count });
    if (isChannel(row.resultVia)) entry.channels.set(row.resultVia, (entry.channels.get(row.resultVia) ?? 0) + row.count);
  }
  const summaries: StepSummary[] = [];
  for (const [step, entry] of bySteps) {
    const passes = entry.known >= MIN_REPORTS ? { known: entry.known, passed: entry.passed } : null;
    const dayCount = entry.days.reduce((sum, item) => sum + item.count, 0);
    const days =
      dayCount >= MIN_REPORTS
        ? {
            count: dayCount,
            median: weightedMedian(entry.days),
            min: Math.min(...entry.days.map((item) => item.value)),
            max: Math.max(...entry.days.map((item) => item.value)),
          }
        : null;
    const total = [...entry.channels.values()].reduce((sum, count) => sum + count, 0);
    let channels: StepSummary['channels'] = null;
    if (total >= MIN_REPORTS) {
      const percentOf = (count: number) => Math.round((count / total) * 100);
      const shares = RESULT_CHANNELS.map((via) => ({ via, count: entry.channels.get(via) ?? 0 }))
        .filter((share) => share.count > 0)
        .sort((a, b) => b.count - a.count)
        .map((share) => ({ ...share, label: RESULT_CHANNEL_LABELS[share.via], percent: percentOf(share.count) }));
      channels = { count: total, shares, silentPercent: percentOf(entry.channels.get('silent') ?? 0) };
    }
    if (passes || days || channels) summaries.push({ step, label: stepKeyLabel(step), passes, days, channels });
  }
  return summaries.sort((a, b) => stepOrder(a.step) - stepOrder(b.step));
}

export type AskedQuestion = { text: string; count: number; steps: string[]; postId: number; type: PostTypeKey };
export type QuestionKindGroup = { key: string; label: string; count: number; questions: AskedQuestion[] };
export type AskedQuestions = {
  /** The reports the questions come from. */
  reportCount: number;
  questionCount: number;
  /** By kind, the most reported first, その他 last; empty under MIN_REPORTS reports. */
  groups: QuestionKindGroup[];
};

/**
 * The questions asked, by kind (the ES search's kinds and synonyms), each phrasing once with how
 * often it was asked, in which steps, and the newest post it comes from (rows come newest first).
 */
export function groupAskedQuestions(rows: readonly QuestionRow[]): AskedQuestions {
  const reportCount = new Set(rows.map((row) => row.postId)).size;
  if (reportCount < MIN_REPORTS) return { reportCount, questionCount: rows.length, groups: [] };
  type Group = { key: string; label: string; count: number; order: number; phrasings: Map<string, AskedQuestion> };
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const kind = classifyQuestion(row.question) ?? OTHER_KIND;
    const group = groups.get(kind.key) ?? { key: kind.key, label: kind.label, count: 0, order: groups.size, phrasings: new Map() };
    groups.set(kind.key, group);
    group.count++;
    const phrasing = normalizeQuestionText(row.question);
    const step = isStepKey(row.step) ? stepKeyLabel(row.step) : null;
    const known = group.phrasings.get(phrasing);
    if (known) {
      known.count++;
      if (step && !known.steps.includes(step)) known.steps.push(step);
    } else {
      group.phrasings.set(phrasing, { text: row.question, count: 1, steps: step ? [step] : [], postId: row.postId, type: row.type });
    }
  }
  const sorted = [...groups.values()].sort(
    (a, b) => (a.key === OTHER_KIND.key ? 1 : 0) - (b.key === OTHER_KIND.key ? 1 : 0) || b.count - a.count || a.order - b.order,
  );
  return {
    reportCount,
    questionCount: rows.length,
    groups: sorted.map((group) => ({
      key: group.key,
      label: group.label,
      count: group.count,
      questions: [...group.phrasings.values()].sort((a, b) => b.count - a.count).slice(0, QUESTIONS_PER_KIND),
    })),
  };
}

export type QuickLine = { postId: number; type: PostTypeKey; date: string; when: string; text: string };

/** 今日, 昨日, 2日前 … from a calendar date to today's. */
export function daysAgoText(days: number): string {
  if (days <= 0) return '今日';
  if (days === 1) return '昨日';
  return `${days}日前`;
}

/** A 就活速報 as one line: 「一次面接 通過の連絡あり（メール）」, or its title when it names no step. */
export function quickReportText(report: {
  title: string;
  step: string | null;
  outcome: StepOutcome | null;
  resultVia: ResultChannel | null;
}): string {
  if (!report.step || !isStepKey(report.step) || !report.outcome) return report.title;
  const step = stepKeyLabel(report.step);
  if (report.outcome === 'waiting') return `${step} 結果待ち`;
  if (report.resultVia === 'silent') return `${step} ${STEP_OUTCOME_LABELS[report.outcome]}（連絡なし）`;
  const via = report.resultVia ? `（${RESULT_CHANNEL_LABELS[report.resultVia]}）` : '';
  return `${step} ${STEP_OUTCOME_LABELS[report.outcome]}の連絡あり${via}`;
}
