// A step of a selection as a 体験記 reports it (issue 34): its kind, an interview's round and
// whether it was the final one, and optionally its date, the questions asked (聞かれた質問) and how
// the result came (結果連絡). The 本選考体験記 adds what happened in the step; the インターン体験記's
// selection is these steps alone.
import { RESULT_CHANNELS, SCREENING_STEP_KINDS } from '../../../db/enums';
import type { SelectionStep } from '../../../db/schema';
import { RESULT_DAYS_MAX, STEP_QUESTION_LENGTH, STEP_QUESTIONS_MAX } from '../selection-steps';
import { choice, flag, optionalChoice, optionalDate, optionalInteger, textList } from './fields';

export const SELECTION_STEP_FIELDS = {
  kind: choice('選考ステップ', SCREENING_STEP_KINDS),
  round: optionalInteger('面接の回数', { min: 1, max: 10, unit: '回目' }),
  final: flag(),
  date: optionalDate('ステップの日付'),
  questions: textList('聞かれた質問', { max: STEP_QUESTIONS_MAX, maxLength: STEP_QUESTION_LENGTH }),
  resultDays: optionalInteger('結果連絡までの日数', { min: 0, max: RESULT_DAYS_MAX, unit: '日' }),
  resultVia: optionalChoice('結果連絡の方法', RESULT_CHANNELS),
};

type StepContent = {
  kind: SelectionStep['kind'];
  round?: number;
  final?: boolean;
  date?: string;
  questions?: string[];
  resultDays?: number;
  resultVia?: SelectionStep['resultVia'];
};

/**
 * Only what a step says is stored: an ES step has no round, a non-final interview no flag, and a
 * field left empty is left out. No contact (サイレント) has no number of days.
 */
export function toStoredStep(step: StepContent): SelectionStep {
  const questions = (step.questions ?? []).filter((question) => question.trim() !== '');
  return {
    kind: step.kind,
    ...(step.kind === 'interview' ? { round: step.round ?? 1 } : {}),
    ...(step.kind === 'interview' && step.final ? { final: true } : {}),
    ...(step.date ? { date: step.date } : {}),
    ...(questions.length > 0 ? { questions } : {}),
    ...(step.resultDays !== undefined && step.resultVia !== 'silent' ? { resultDays: step.resultDays } : {}),
    ...(step.resultVia ? { resultVia: step.resultVia } : {}),
  };
}

/** A stored step as the form's content. */
export function fromStoredStep(step: SelectionStep): StepContent & { final: boolean } {
  return {
    kind: step.kind,
    round: step.round,
    final: step.final === true,
    date: step.date,
    questions: step.questions,
    resultDays: step.resultDays,
    resultVia: step.resultVia,
  };
}
