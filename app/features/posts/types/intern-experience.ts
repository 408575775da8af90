// インターン体験記 (docs/product/content.md#intern-experience): the program, three sections and the nine ratings.
import { INTERN_FORMATS, SEASONS } from '../../../db/enums';
import { RATING_ITEMS } from '../../companies/rating-items';
import { choice, integer, optionalList, object, rating, text, year, TITLE, maxLengths, JOB_TYPE, GRADUATION_YEAR } from './fields';
import { definePostType, numberAttribute, presentAttributes, sectionBody, textAttribute } from './post-type-module';
import { fromStoredStep, SELECTION_STEP_FIELDS, toStoredStep } from './selection-step';

/** The most steps an internship's selection lists (as many as a 本選考体験記). */
export const INTERN_STEPS_MAX = 12;

export const INTERN_SECTIONS = { overview: '内容', flow: '選考フロー', impressions: '感想' } as const;

const fields = object({
  title: TITLE,
  jobType: JOB_TYPE,
  graduationYear: GRADUATION_YEAR,
  year: year('開催年'),
  season: choice('開催時期', SEASONS),
  theme: text('プログラムのテーマ', { max: 60 }),
  format: choice('開催形式', INTERN_FORMATS),
  days: integer('期間', { min: 1, max: 365, unit: '日' }),
  overview: text('内容', { min: 30, max: 4000 }),
  flow: text('選考フロー', { min: 5, max: 2000 }),
  /** The selection as steps (issue 34): optional, for the 選考対策 page. */
  steps: optionalList('選考ステップ', object(SELECTION_STEP_FIELDS), { max: INTERN_STEPS_MAX }),
  impressions: text('感想', { min: 30, max: 4000 }),
  ratings: object(
    Object.fromEntries(RATING_ITEMS.map((item) => [item.key, rating(item.label)])) as {
      [K in (typeof RATING_ITEMS)[number]['key']]: ReturnType<typeof rating>;
    },
  ),
});

export const INTERN_LIMITS = maxLengths(fields.shape);

export const internExperience = definePostType({
  keys: ['intern_experience'],
  fields,
  toRecord(content) {
    const ratings = Object.fromEntries(RATING_ITEMS.map((item) => [item.column, content.ratings[item.key]])) as Record<
      (typeof RATING_ITEMS)[number]['column'],
      number
    >;
    return {
      sections: [
        { heading: INTERN_SECTIONS.overview, body: content.overview },
        { heading: INTERN_SECTIONS.flow, body: content.flow },
        { heading: INTERN_SECTIONS.impressions, body: content.impressions },
      ],
      attributes: presentAttributes({ course: content.jobType, graduationYear: content.graduationYear ?? null }),
      intern: {
        year: content.year,
        season: content.season,
        theme: content.theme,
        format: content.format,
        days: content.days,
        ...ratings,
        steps: (content.steps ?? []).map(toStoredStep),
      },
    };
  },
  fromRecord(record) {
    const intern = record.intern;
    if (!intern) throw new Error('an intern experience without its detail row');
    return {
      jobType: textAttribute(record, 'course'),
      graduationYear: numberAttribute(record, 'graduationYear'),
      year: intern.year,
      season: intern.season,
      theme: intern.theme,
      format: intern.format,
      days: intern.days,
      overview: sectionBody(record, INTERN_SECTIONS.overview),
      flow: sectionBody(record, INTERN_SECTIONS.flow),
      // Absent when none was given, as the content had it.
      steps: intern.steps && intern.steps.length > 0 ? intern.steps.map(fromStoredStep) : undefined,
      impressions: sectionBody(record, INTERN_SECTIONS.impressions),
      ratings: Object.fromEntries(RATING_ITEMS.map((item) => [item.key, intern[item.column]])) as Record<
        (typeof RATING_ITEMS)[number]['key'],
        number
      >,
    };
  },
});
