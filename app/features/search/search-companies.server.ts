import { getCompanyCatalog, matchPositions, type CatalogCompany } from './company-catalog.server';
import { normalizeSearchText } from './normalize';
import type { CompanySort } from './sorts';
import { pageOf } from '../../lib/pagination';

export type CompanySearchResult = {
  total: number;
  page: number;
  pageCount: number;
  companies: CatalogCompany[];
};

/** The company search page: keyword, industry and prefecture filters, sort and pages. */
export async function searchCompanies(options: {
  keyword: string;
  industryId?: number;
  prefectureId?: number;
  sort: CompanySort;
  page: number;
  perPage: number;
}): Promise<CompanySearchResult> {
  const catalog = await getCompanyCatalog();
  const key = normalizeSearchText(options.keyword);
  let list: CatalogCompany[];
  if (!key) {
    list = catalog.orders[options.sort === 'relevance' ? 'posts' : options.sort];
  } else if (options.sort === 'relevance') {
    // The index's own order: prefix matches first, then the most talked-about.
    list = matchPositions(catalog, key, Infinity).map((position) => catalog.companies[position]!);
  } else {
    // The matches' ranks in the chosen order, sorted as numbers: no pass over every company.
    const ranks = catalog.ranks[options.sort];
    const order = catalog.orders[options.sort];
    const matched = Int32Array.from(matchPositions(catalog, key, Infinity), (position) => ranks[position]!);
    list = Array.from(matched.sort(), (rank) => order[rank]!);
  }
  const { industryId, prefectureId } = options;
  if (industryId !== undefined) list = list.filter((company) => company.industryId === industryId);
  if (prefectureId !== undefined) list = list.filter((company) => company.prefectureId === prefectureId);
  const { page, pageCount, offset } = pageOf({ total: list.length, page: options.page, perPage: options.perPage });
  return { total: list.length, page, pageCount, companies: list.slice(offset, offset + options.perPage) };
}

export type CompanySuggestion = { company_id: number; name: string; pref_name: string; url: string | null };

/** GET /api/company?source=incremental: at most `limit` companies, prefix matches first. */
export async function suggestCompanies(options: { companyName: string; limit: number }): Promise<CompanySuggestion[]> {
  const key = normalizeSearchText(options.companyName);
  if (!key) return [];
  const catalog = await getCompanyCatalog();
  return matchPositions(catalog, key, options.limit).map((position) => {
    const company = catalog.companies[position]!;
    return { company_id: company.id, name: company.name, pref_name: company.prefectureName, url: company.url };
  });
}
