// 本選考体験記 (docs/product/content.md#screening-experience): graduation year, the steps taken in order with a text each,
// the result and a reflection.
import { SCREENING_RESULTS } from '../../../db/enums';
import { stepHeading } from '../selection-steps';
import { choice, list, object, text, year, TITLE, maxLengths, JOB_TYPE } from './fields';
import { definePostType, presentAttributes, sectionBody, textAttribute } from './post-type-module';
import { fromStoredStep, SELECTION_STEP_FIELDS, toStoredStep } from './selection-step';

export const REFLECTION_HEADING = '振り返り';

const step = object({
  ...SELECTION_STEP_FIELDS,
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
    const steps = content.steps.map((item) => ({ ...toStoredStep(item), body: item.body }));
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
      steps: screening.steps.map((item) => ({ ...fromStoredStep(item), body: item.body })),
      result: screening.result,
      reflection: sectionBody(record, REFLECTION_HEADING),
    };
  },
});
