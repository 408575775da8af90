// 本選考体験記 (docs/product/content.md#screening-experience): graduation year, the steps taken in order with a text each,
// the result and a reflection.
import { SCREENING_RESULTS, SCREENING_STEP_KINDS, type ScreeningStepKind } from '../../../db/enums';
import { choice, flag, list, object, optionalInteger, text, year, TITLE, maxLengths, JOB_TYPE } from './fields';
import { definePostType, presentAttributes, sectionBody, textAttribute } from './post-type-module';

export const REFLECTION_HEADING = '振り返り';

const ROUND_NAMES = ['一次', '二次', '三次', '四次', '五次', '六次', '七次', '八次', '九次', '十次'];

/** The heading of a step: ES, Webテスト, GD, 一次面接 … or 最終面接. */
export function stepHeading(step: { kind: ScreeningStepKind; round?: number; final?: boolean }): string {
  if (step.kind === 'es') return 'ES';
  if (step.kind === 'web_test') return 'Webテスト';
  if (step.kind === 'gd') return 'GD';
  const round = step.round ?? 1;
  return step.final && round > 1 ? '最終面接' : `${ROUND_NAMES[round - 1] ?? `${round}次`}面接`;
}

const step = object({
  kind: choice('選考ステップ', SCREENING_STEP_KINDS),
  round: optionalInteger('面接の回数', { min: 1, max: 10, unit: '回目' }),
  final: flag(),
  body: text('このステップの内容', { min: 10, max: 3000 }),
});

export const SCREENING_STEP_LIMITS = maxLengths(step.shape);

const fields = object({
  title: TITLE,
  jobType: JOB_TYPE,
  graduationYear: year('卒業年度'),
  steps: list('選考ステップ', step, { min: 1, max: 12 }),
  result: choice('選考結果', SCREENING_RESULTS),
  reflection: text('振り返り', { min: 30, max: 4000 }),
});

export const SCREENING_LIMITS = maxLengths(fields.shape);

export const screeningExperience = definePostType({
  keys: ['screening_experience'],
  fields,
  toRecord(content) {
    // Only what a step says is stored: an ES step has no round, a non-final interview no flag.
    const steps = content.steps.map((item) => ({
      kind: item.kind,
      ...(item.kind === 'interview' ? { round: item.round ?? 1 } : {}),
      ...(item.kind === 'interview' && item.final ? { final: true } : {}),
      body: item.body,
    }));
    return {
      sections: [
        ...steps.map((item) => ({ heading: stepHeading(item), body: item.body })),
        { heading: REFLECTION_HEADING, body: content.reflection },
      ],
      attributes: presentAttributes({ course: content.jobType, graduationYear: content.graduationYear }),
      screening: { graduationYear: content.graduationYear, steps, result: content.result },
    };
  },
  fromRecord(record) {
    const screening = record.screening;
    if (!screening) throw new Error('a screening experience without its detail row');
    return {
      jobType: textAttribute(record, 'course'),
      graduationYear: screening.graduationYear,
      steps: screening.steps.map((item) => ({ kind: item.kind, round: item.round, final: item.final === true, body: item.body })),
      result: screening.result,
      reflection: sectionBody(record, REFLECTION_HEADING),
    };
  },
});
