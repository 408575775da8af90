// What a post list can be filtered and sorted by, read from and written to its URL (issue 16,
// docs/decisions/032-post-lists.md). Pure: the loaders, the filter form and the canonical URL use it.
import type { PostTypeKey, Season } from '../../db/enums';
import { ENTRY_SHEET_RESULTS, SCREENING_RESULTS, SEASONS } from '../../db/enums';
import { ENTRY_SHEET_RESULT_LABELS, SCREENING_RESULT_LABELS } from './labels';

export const POST_LIST_SORTS = ['new', 'useful'] as const;
export type PostListSort = (typeof POST_LIST_SORTS)[number];
export const SORT_LABELS: Record<PostListSort, string> = { new: '新着順', useful: '参考になった順' };

/** A list's result filter offers the results of its content type, named as the posts name them. */
export const RESULT_LABELS: Record<string, string> = { ...ENTRY_SHEET_RESULT_LABELS, ...SCREENING_RESULT_LABELS };

export const SELECTION_LABELS = { intern: 'インターン', recruit: '本選考' } as const;
export type Selection = keyof typeof SELECTION_LABELS;

/** What a list of one family of posts offers. `family` is post_listings.family. */
export type ListScope = {
  family: string;
  /** The one type of a company's list; absent for the cross-company lists. */
  type?: PostTypeKey;
  /** The label of `year` for this content: 提出年, 開催年 or 卒業年度; null when it has none. */
  yearLabel: string | null;
  season: boolean;
  results: readonly string[];
  jobType: boolean;
  /** インターンES / 本選考ES: only the cross-company ES list mixes the two. */
  selection: boolean;
  industry: boolean;
};

const FAMILY_OF: Partial<Record<PostTypeKey, string>> = {
  intern_entry_sheet: 'entry_sheet',
  screening_entry_sheet: 'entry_sheet',
};

/** A company's list of one type (/companies/{id}/{type}). */
export function companyListScope(type: PostTypeKey): ListScope {
  const base = { family: FAMILY_OF[type] ?? type, type, selection: false, industry: false };
  switch (type) {
    case 'intern_entry_sheet':
      return { ...base, yearLabel: '提出年', season: true, results: ENTRY_SHEET_RESULTS, jobType: true };
    case 'screening_entry_sheet':
      return { ...base, yearLabel: '提出年', season: false, results: ENTRY_SHEET_RESULTS, jobType: true };
    case 'intern_experience':
      return { ...base, yearLabel: '開催年', season: true, results: [], jobType: true };
    case 'screening_experience':
      return { ...base, yearLabel: '卒業年度', season: false, results: SCREENING_RESULTS, jobType: true };
    default:
      return { ...base, yearLabel: null, season: false, results: [], jobType: false };
  }
}

/** /entry_sheets: every published ES, both selection types. */
export const ENTRY_SHEET_SCOPE: ListScope = {
  family: 'entry_sheet',
  yearLabel: '提出年',
  season: true,
  results: ENTRY_SHEET_RESULTS,
  jobType: true,
  selection: true,
  industry: true,
};

/** /intern_experiences: every published internship experience. */
export const INTERN_EXPERIENCE_SCOPE: ListScope = { ...companyListScope('intern_experience'), type: undefined, industry: true };

export type PostListQuery = {
  sort: PostListSort;
  year: number | null;
  season: Season | null;
  result: string | null;
  jobType: string | null;
  selection: Selection | null;
  industryId: number | null;
  /** The ES question search (entry sheet lists only); the raw text as typed. */
  q: string;
  page: number;
};

const JOB_TYPE_MAX = 40;

// Control characters (NUL among them) mean nothing in a search and PostgreSQL refuses NUL in text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A typed text parameter as the list uses it: without control characters, at most `max` long. */
function textParam(value: string | null, max: number): string {
  return (value ?? '').replace(CONTROL, ' ').slice(0, max);
}

function positiveInt(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** The list's query from its URL; anything a scope does not offer, or that is not valid, is ignored. */
export function parsePostListQuery(params: URLSearchParams, scope: ListScope): PostListQuery {
  const sort = params.get('sort');
  const season = params.get('season');
  const result = params.get('result');
  const selection = params.get('selection');
  const jobType = textParam(params.get('job'), 200).normalize('NFKC').trim().slice(0, JOB_TYPE_MAX);
  return {
    sort: sort === 'useful' ? 'useful' : 'new',
    year: scope.yearLabel ? positiveInt(params.get('year'), 9999) : null,
    season: scope.season && SEASONS.includes(season as Season) ? (season as Season) : null,
    result: result && scope.results.includes(result) ? result : null,
    jobType: scope.jobType && jobType ? jobType : null,
    selection: scope.selection && (selection === 'intern' || selection === 'recruit') ? selection : null,
    industryId: scope.industry ? positiveInt(params.get('industry'), 1_000_000) : null,
    q: scope.family === 'entry_sheet' ? textParam(params.get('q'), 100) : '',
    page: positiveInt(params.get('page'), 1_000_000) ?? 1,
  };
}

/**
 * The query string of a list (without "?"), in one fixed order and with defaults left out, so
 * that one list has one URL: the canonical link, the pagination and the filter form agree.
 */
export function postListSearch(query: PostListQuery, options: { page?: number } = {}): string {
  const params = new URLSearchParams();
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.selection) params.set('selection', query.selection);
  if (query.industryId !== null) params.set('industry', String(query.industryId));
  if (query.year !== null) params.set('year', String(query.year));
  if (query.season) params.set('season', query.season);
  if (query.result) params.set('result', query.result);
  if (query.jobType) params.set('job', query.jobType);
  if (query.sort !== 'new') params.set('sort', query.sort);
  const page = options.page ?? query.page;
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/** Whether any filter (not the sort, not the page) narrows the list. */
export function isFiltered(query: PostListQuery): boolean {
  return (
    query.year !== null ||
    query.season !== null ||
    query.result !== null ||
    query.jobType !== null ||
    query.selection !== null ||
    query.industryId !== null ||
    query.q.trim() !== ''
  );
}
