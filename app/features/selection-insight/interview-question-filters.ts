// The filters of /interview_questions (issue 34) as the URL carries them: read leniently (anything
// unknown or malformed is no filter) and written back in a fixed order. Pure, for the page and its loader.
import type { SelectionStepKey } from '../../db/enums';
import { cleanText } from '../../lib/clean-text';
import { isStepKey } from '../posts/selection-steps';

export type InterviewQuestionFilters = {
  q: string;
  industryId: number | null;
  step: SelectionStepKey | null;
  graduationYear: number | null;
  companyId: number | null;
  page: number;
};

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

/** The filters of the URL; anything unknown or malformed is no filter. */
export function parseInterviewQuestionFilters(params: URLSearchParams): InterviewQuestionFilters {
  const year = positiveInt(params.get('year'), 2100);
  const step = params.get('step');
  return {
    // Without NUL, other controls and bidi marks (PostgreSQL refuses NUL in text), cut by characters.
    q: Array.from(cleanText(params.get('q') ?? ''))
      .slice(0, 100)
      .join(''),
    industryId: positiveInt(params.get('industry'), 1_000_000),
    step: isStepKey(step) ? step : null,
    graduationYear: year !== null && year >= 2000 ? year : null,
    companyId: positiveInt(params.get('company'), 2_147_483_647),
    page: positiveInt(params.get('page'), 1000) ?? 1,
  };
}

/** The URL's query for the filters, in a fixed order, without the defaults. */
export function interviewQuestionSearch(filters: InterviewQuestionFilters, overrides: Partial<InterviewQuestionFilters> = {}): string {
  const value = { ...filters, ...overrides };
  const params = new URLSearchParams();
  if (value.q.trim()) params.set('q', value.q.trim());
  if (value.industryId !== null) params.set('industry', String(value.industryId));
  if (value.step) params.set('step', value.step);
  if (value.graduationYear !== null) params.set('year', String(value.graduationYear));
  if (value.companyId !== null) params.set('company', String(value.companyId));
  if (value.page > 1) params.set('page', String(value.page));
  return params.toString();
}
