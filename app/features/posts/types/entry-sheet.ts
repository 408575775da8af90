// インターンES and 本選考ES (docs/product/content.md#entry-sheets): one module for both; the selection type comes
// from the content type. Each question and its answer is a section (heading = question).
import type { PostTypeKey } from '../../../db/enums';
import { ENTRY_SHEET_RESULTS, SEASONS } from '../../../db/enums';
import { choice, list, maxLengths, object, optionalChoice, optionalInteger, text, year, TITLE, JOB_TYPE, GRADUATION_YEAR } from './fields';
import { choiceAttribute, definePostType, numberAttribute, presentAttributes, textAttribute } from './post-type-module';

export const ENTRY_SHEET_QUESTIONS_MAX = 10;

const question = object({
  question: text('設問', { max: 200 }),
  /** The character limit the company set, when it set one. */
  limit: optionalInteger('字数制限', { min: 10, max: 2000, unit: '字' }),
  answer: text('回答', { min: 1, max: 2000 }),
});

const fields = object({
  title: TITLE,
  jobType: JOB_TYPE,
  graduationYear: GRADUATION_YEAR,
  /** The year the ES was submitted. */
  year: year('提出した年'),
  /** インターンES only: the program's season. */
  season: optionalChoice('時期', SEASONS),
  questions: list('設問', question, { min: 1, max: ENTRY_SHEET_QUESTIONS_MAX }),
  result: choice('ESの結果', ENTRY_SHEET_RESULTS),
});

export const ENTRY_SHEET_LIMITS = maxLengths(fields.shape);
export const ENTRY_SHEET_QUESTION_LIMITS = maxLengths(question.shape);

function selectionOf(key: PostTypeKey) {
  return key === 'intern_entry_sheet' ? ('intern' as const) : ('recruit' as const);
}

export const entrySheet = definePostType({
  keys: ['intern_entry_sheet', 'screening_entry_sheet'],
  fields,
  /** An answer longer than its question's character limit (「400字以内」) did not fit the form. */
  refine(content, context) {
    content.questions.forEach((item, index) => {
      if (item.limit !== undefined && item.answer.length > item.limit) {
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'answer'],
          message: `回答が${item.limit}字を超えています（${item.answer.length}字）。`,
        });
      }
    });
  },
  toRecord(content, key) {
    const selectionType = selectionOf(key);
    return {
      sections: content.questions.map((item) => ({
        heading: item.question,
        body: item.answer,
        ...(item.limit ? { limit: item.limit } : {}),
      })),
      attributes: presentAttributes({
        course: content.jobType,
        season: selectionType === 'intern' ? content.season : undefined,
        graduationYear: content.graduationYear,
      }),
      entrySheet: { selectionType, year: content.year, result: content.result },
    };
  },
  fromRecord(record) {
    const detail = record.entrySheet;
    if (!detail) throw new Error('an entry sheet without its detail row');
    return {
      jobType: textAttribute(record, 'course'),
      graduationYear: numberAttribute(record, 'graduationYear'),
      year: detail.year,
      season: choiceAttribute(record, 'season', SEASONS),
      questions: record.sections.map((section) => ({ question: section.heading, limit: section.limit, answer: section.body })),
      result: detail.result,
    };
  },
});
