// The structured part of a post as the post page shows it (program, result, ratings), built from
// its typed content (features/posts/types/). Only facts, never the section texts: those reach a
// visitor only cut (full-text-access.ts).
import { formatYearSeason } from '../../lib/format';
import { RATING_ITEMS } from '../companies/rating-items';
import { ENTRY_SHEET_RESULT_LABELS, formatCalendarDate, INTERN_FORMAT_LABELS, SCREENING_RESULT_LABELS } from './labels';
import type { PostContent } from './types/registry';
import type { SelectionStep } from '../../db/schema';
import { resultContactText, stepHeading, stepKeyLabel, STEP_OUTCOME_LABELS } from './selection-steps';

export type Fact = { label: string; value: string };
/** What a student gave of one selection step besides its text: its date, 結果連絡 and the questions asked. */
export type StepDetail = { heading: string; facts: Fact[]; questions: string[] };
export type PostFacts = {
  facts: Fact[];
  /** One star rating (word of mouth, service reviews), or null. */
  stars: number | null;
  /** The nine intern ratings, or null. */
  ratings: Array<{ label: string; value: number }> | null;
  /** The selection's steps with what was given of each (issue 34); empty when none has any. */
  steps: StepDetail[];
};

/** The steps that say more than their name, with what they say. */
function stepDetails(steps: readonly SelectionStep[] | undefined): StepDetail[] {
  const details: StepDetail[] = [];
  for (const step of steps ?? []) {
    const facts: Fact[] = [];
    if (step.date) facts.push({ label: '日付', value: formatCalendarDate(step.date) });
    const contact = resultContactText(step.resultDays, step.resultVia);
    if (contact) facts.push({ label: '結果連絡', value: contact });
    const questions = step.questions ?? [];
    if (facts.length > 0 || questions.length > 0) details.push({ heading: stepHeading(step), facts, questions });
  }
  return details;
}

function graduation(year: number | undefined): Fact[] {
  return year === undefined ? [] : [{ label: '卒業年度', value: `${year}年卒` }];
}

function course(jobType: string | undefined): Fact[] {
  return jobType ? [{ label: '応募コース', value: jobType }] : [];
}

function quickContact(days: number | undefined, via: SelectionStep['resultVia']): Fact[] {
  const contact = resultContactText(days, via);
  return contact ? [{ label: '結果連絡', value: contact }] : [];
}

export function postFacts(content: PostContent): PostFacts {
  switch (content.type) {
    case 'intern_experience':
      return {
        facts: [
          { label: '開催時期', value: formatYearSeason(content.year, content.season) },
          { label: 'テーマ', value: content.theme },
          { label: '形式', value: INTERN_FORMAT_LABELS[content.format] },
          { label: '期間', value: `${content.days}日間` },
          ...graduation(content.graduationYear),
          ...course(content.jobType),
        ],
        stars: null,
        ratings: RATING_ITEMS.map((item) => ({ label: item.label, value: content.ratings[item.key] })),
        steps: stepDetails(content.steps),
      };
    case 'screening_experience':
      return {
        facts: [
          { label: '卒業年度', value: `${content.graduationYear}年卒` },
          { label: '選考結果', value: SCREENING_RESULT_LABELS[content.result] },
          ...(content.steps.length > 0 ? [{ label: '選考フロー', value: content.steps.map(stepHeading).join(' → ') }] : []),
          ...course(content.jobType),
        ],
        stars: null,
        ratings: null,
        steps: stepDetails(content.steps),
      };
    case 'intern_entry_sheet':
    case 'screening_entry_sheet':
      return {
        facts: [
          { label: '選考区分', value: content.type === 'intern_entry_sheet' ? 'インターン' : '本選考' },
          { label: '年度', value: `${content.year}年` },
          { label: 'ES結果', value: ENTRY_SHEET_RESULT_LABELS[content.result] },
          ...graduation(content.graduationYear),
          ...course(content.jobType),
        ],
        stars: null,
        ratings: null,
        steps: [],
      };
    case 'student_word_mouth':
      return {
        facts: [{ label: 'カテゴリ', value: content.category }, ...graduation(content.graduationYear)],
        stars: content.rating,
        ratings: null,
        steps: [],
      };
    case 'employee_word_mouth':
      return {
        facts: [
          { label: '部署', value: content.department },
          { label: '在籍状況', value: content.employment },
          { label: '在籍年数', value: `${content.tenureYears}年` },
        ],
        stars: content.rating,
        ratings: null,
        steps: [],
      };
    case 'recruit_service_review':
      return { facts: [], stars: content.rating, ratings: null, steps: [] };
    case 'jobhunt_prompt_report':
      return {
        facts: [
          ...graduation(content.graduationYear),
          { label: 'できごと', value: content.event },
          { label: '日付', value: formatCalendarDate(content.eventDate) },
          ...(content.step ? [{ label: '選考ステップ', value: stepKeyLabel(content.step) }] : []),
          ...(content.outcome ? [{ label: '結果', value: STEP_OUTCOME_LABELS[content.outcome] }] : []),
          ...quickContact(content.resultDays, content.resultVia),
        ],
        stars: null,
        ratings: null,
        steps: [],
      };
    case 'company_study':
      return { facts: [], stars: null, ratings: null, steps: [] };
  }
}
