// The steps of a selection as students report them (issue 34): one key per step (ES, Webテスト,
// GD, the n-th interview, 最終面接), its label, and the words of 結果連絡. The 体験記 store steps by
// kind and round; the 就活速報 and the 選考対策 page name them by key. Pure, for client and server.
import { SELECTION_STEP_KEYS, type ResultChannel, type ScreeningStepKind, type SelectionStepKey, type StepOutcome } from '../../db/enums';

const ROUND_NAMES = ['一次', '二次', '三次', '四次', '五次', '六次', '七次', '八次', '九次', '十次'];

/**
 * A step's key. It mirrors selection_step_key (migration 0030), and an integration test holds the
 * two together: an interview marked final is 最終面接 only when it was not the first one.
 */
export function stepKeyOf(step: { kind: ScreeningStepKind; round?: number; final?: boolean }): SelectionStepKey {
  if (step.kind !== 'interview') return step.kind;
  const round = Math.min(Math.max(Math.trunc(step.round ?? 1), 1), 10);
  return step.final && round > 1 ? 'final' : (`interview_${round}` as SelectionStepKey);
}

/** The heading of a step: ES, Webテスト, GD, 一次面接 … or 最終面接. */
export function stepKeyLabel(key: SelectionStepKey): string {
  if (key === 'es') return 'ES';
  if (key === 'web_test') return 'Webテスト';
  if (key === 'gd') return 'GD';
  if (key === 'final') return '最終面接';
  const round = Number(key.slice('interview_'.length));
  return `${ROUND_NAMES[round - 1] ?? `${round}次`}面接`;
}

/** The heading of a stored step. */
export function stepHeading(step: { kind: ScreeningStepKind; round?: number; final?: boolean }): string {
  return stepKeyLabel(stepKeyOf(step));
}

/** The order steps are listed in: ES first, 最終面接 last. */
export function stepOrder(key: SelectionStepKey): number {
  return SELECTION_STEP_KEYS.indexOf(key);
}

export function isStepKey(value: unknown): value is SelectionStepKey {
  return typeof value === 'string' && (SELECTION_STEP_KEYS as readonly string[]).includes(value);
}

/** The steps a 就活速報 may be about, as its form lists them: up to the fourth interview, and the final one. */
export const QUICK_STEP_KEYS: readonly SelectionStepKey[] = SELECTION_STEP_KEYS.filter(
  (key) => !key.startsWith('interview_') || Number(key.slice('interview_'.length)) <= 4,
);

export const RESULT_CHANNEL_LABELS: Record<ResultChannel, string> = {
  phone: '電話',
  email: 'メール',
  mypage: 'マイページ',
  silent: '連絡なし（サイレント）',
};

export const STEP_OUTCOME_LABELS: Record<StepOutcome, string> = { passed: '通過', failed: '不合格', waiting: '結果待ち' };

/** The most questions a student lists for one step, and the longest question. */
export const STEP_QUESTIONS_MAX = 10;
export const STEP_QUESTION_LENGTH = 200;
/** The longest wait for a result a student can give, in days. */
export const RESULT_DAYS_MAX = 180;

/** How a result came, in words: 「3日後にメールで連絡」, 「連絡なし（サイレント）」. */
export function resultContactText(days: number | undefined | null, via: ResultChannel | undefined | null): string | null {
  if (via === 'silent') return RESULT_CHANNEL_LABELS.silent;
  const when = days === undefined || days === null ? null : days === 0 ? '当日' : `${days}日後`;
  if (!when && !via) return null;
  if (!via) return `${when}に連絡`;
  return when ? `${when}に${RESULT_CHANNEL_LABELS[via]}で連絡` : `${RESULT_CHANNEL_LABELS[via]}で連絡`;
}
