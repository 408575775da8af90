// The steps of a tracked selection (選考管理, docs/product/companies.md#selection-tracker, issue 17): which steps each
// category has, their Japanese names, and how a step is shown with the step icon widget. Pure.
import type { TrackerCategory, TrackerOutcome, TrackerStatus } from '../../db/enums';

export const CATEGORY_LABELS: Record<TrackerCategory, string> = { intern: 'インターン', recruit: '本選考' };

/**
 * The steps a student can set, in order. An internship is applied for (応募, the state it is
 * registered in) and then attended; a screening starts before its ES (登録のみ) and goes on to 入社.
 */
export const CATEGORY_STEPS: Record<TrackerCategory, readonly TrackerStatus[]> = {
  intern: ['registered', 'intern_participated'],
  recruit: ['registered', 'es_submitted', 'passed_first_interview', 'passed_second_or_later_interview', 'job_offer', 'entered'],
};

export const STATUS_LABELS: Record<TrackerCategory, Partial<Record<TrackerStatus, string>>> = {
  intern: { registered: '応募', intern_participated: '参加' },
  recruit: {
    registered: '登録のみ',
    es_submitted: 'ES提出',
    passed_first_interview: '1次面接通過',
    passed_second_or_later_interview: '2次面接以降通過',
    job_offer: '内定',
    entered: '入社',
  },
};

export const OUTCOME_LABELS: Record<TrackerOutcome, string> = { rejected: '不合格', declined: '辞退' };

/** Whether a status is a step of the category (a form can send anything). */
export function isStepOf(category: TrackerCategory, status: string): status is TrackerStatus {
  return (CATEGORY_STEPS[category] as readonly string[]).includes(status);
}

/** The step icon widget's steps and current index (-1: before the first one shown). */
export function stepIconOf(category: TrackerCategory, status: TrackerStatus): { steps: string[]; current: number } {
  // A screening's widget starts at ES提出 (the steps of docs/product/companies.md#selection-tracker); 登録のみ is before it.
  const shown = category === 'recruit' ? CATEGORY_STEPS.recruit.slice(1) : CATEGORY_STEPS.intern;
  return { steps: shown.map((step) => STATUS_LABELS[category][step]!), current: shown.indexOf(status) };
}

/** 「本選考：ES提出」, 「インターン：参加（辞退）」: an entry's state in a few words. */
export function describeState(category: TrackerCategory, status: TrackerStatus, outcome: TrackerOutcome | null): string {
  const step = STATUS_LABELS[category][status] ?? status;
  return `${CATEGORY_LABELS[category]}：${step}${outcome ? `（${OUTCOME_LABELS[outcome]}）` : ''}`;
}
