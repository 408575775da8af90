import { COMPANY_SORTS, type CompanySort } from './sorts';

export type CompanySearchParams = {
  keyword: string;
  industryId: number | undefined;
  prefectureId: number | undefined;
  sort: CompanySort;
  page: number;
};

const MAX_KEYWORD = 100;

function positiveInt(raw: string | null, max: number): number | undefined {
  if (!raw || !/^[0-9]{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

/**
 * Reads /companies?q=&industry=&pref=&sort=&page= leniently: a link someone shared with a
 * mistyped value still shows a search, with that value ignored.
 */
export function parseCompanySearchParams(params: URLSearchParams): CompanySearchParams {
  const keyword = Array.from((params.get('q') ?? '').trim())
    .slice(0, MAX_KEYWORD)
    .join('');
  const rawSort = params.get('sort');
  const sort: CompanySort = (COMPANY_SORTS as readonly string[]).includes(rawSort ?? '')
    ? (rawSort as CompanySort)
    : keyword
      ? 'relevance'
      : 'posts';
  return {
    keyword,
    industryId: positiveInt(params.get('industry'), 1_000_000),
    prefectureId: positiveInt(params.get('pref'), 47),
    sort: sort === 'relevance' && !keyword ? 'posts' : sort,
    page: positiveInt(params.get('page'), 100_000) ?? 1,
  };
}
