// The lists of the admin area's 企業 and 就活サービス tabs: newest first, or found by the site's
// normalised search (decision 008) and shown with what the database has now.
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, industries } from '../../db/schema';
import type { AdminCompanyFilter } from './admin-company-filters';
import { companyPlaceNames, withCompanyPlace } from '../companies/company-place.server';
import { pageOf } from '../../lib/pagination';
import { listRecruitServices, type RecruitServiceSummary } from '../recruit-services/list-recruit-services.server';
import { normalizeSearchText } from '../search/normalize';
import { searchCompanies } from '../search/search-companies.server';

export const ADMIN_LIST_PAGE_SIZE = 30;
/** The ids one statement of a filtered search checks. */
const FILTER_SLICE = 10_000;

export type AdminCompanyRow = {
  id: number;
  name: string;
  kana: string;
  industryName: string;
  prefectureName: string;
  publishedPostCount: number;
  updatedAt: Date;
  closedAt: Date | null;
};

function filterCondition(filter: AdminCompanyFilter | null): SQL | undefined {
  if (filter === 'unclassified') {
    return sql`${companies.industryId} = (SELECT ${industries.id} FROM ${industries} WHERE ${industries.name} = '未分類')`;
  }
  if (filter === 'no_reading') return eq(companies.kana, '');
  if (filter === 'closed') return isNotNull(companies.closedAt);
  return undefined;
}

export type AdminPage<T> = { total: number; page: number; pageCount: number; items: T[] };

async function companyRows(where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = withCompanyPlace(
    db()
      .select({
        id: companies.id,
        name: companies.name,
        kana: companies.kana,
        ...companyPlaceNames,
        publishedPostCount: companies.publishedPostCount,
        updatedAt: companies.updatedAt,
        closedAt: companies.closedAt,
      })
      .from(companies)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(companies.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/**
 * Companies for the admin list: without a keyword the newest first; with one, the search
 * page's matches in its order (names that start with the keyword first), a company whose id is
 * the keyword before them. Matching uses the search catalog, which follows edits within
 * seconds; the rows shown are read from the database.
 */
export async function listAdminCompanies(options: {
  keyword: string;
  page: number;
  filter?: AdminCompanyFilter | null;
}): Promise<AdminPage<AdminCompanyRow>> {
  const perPage = ADMIN_LIST_PAGE_SIZE;
  const keyword = options.keyword.normalize('NFKC').trim();
  const condition = filterCondition(options.filter ?? null);
  if (!normalizeSearchText(keyword)) {
    const [counted] = await db().select({ total: sql<number>`count(*)::int` }).from(companies).where(condition);
    const total = counted?.total ?? 0;
    const { page, pageCount, offset } = pageOf({ total, page: options.page, perPage });
    return { total, page, pageCount, items: await companyRows(condition, { limit: perPage, offset }) };
  }
  const byId = /^[1-9][0-9]{0,8}$/.test(keyword) ? Number(keyword) : null;
  const found = await searchCompanies({ keyword, sort: 'relevance', page: 1, perPage: Number.MAX_SAFE_INTEGER });
  let ids = found.companies.map((company) => company.id);
  if (byId !== null) {
    const [exists] = await db().select({ id: companies.id }).from(companies).where(eq(companies.id, byId));
    if (exists) ids = [byId, ...ids.filter((id) => id !== byId)];
  }
  if (condition && ids.length > 0) {
    // In slices: a short keyword finds hundreds of thousands of imported companies, more than one
    // statement may carry as parameters (PostgreSQL takes 65,535).
    const kept = new Set<number>();
    for (let at = 0; at < ids.length; at += FILTER_SLICE) {
      const slice = ids.slice(at, at + FILTER_SLICE);
      const rows = await db()
        .select({ id: companies.id })
        .from(companies)
        .where(and(inArray(companies.id, slice), condition));
      for (const row of rows) kept.add(row.id);
    }
    ids = ids.filter((id) => kept.has(id));
  }
  const { page, pageCount, offset } = pageOf({ total: ids.length, page: options.page, perPage });
  const shown = ids.slice(offset, offset + perPage);
  const rows = shown.length === 0 ? [] : await companyRows(inArray(companies.id, shown));
  const rowById = new Map(rows.map((row) => [row.id, row]));
  return { total: ids.length, page, pageCount, items: shown.flatMap((id) => rowById.get(id) ?? []) };
}

/** Services for the admin list, newest first, or those whose name or reading contains the keyword (normalised). */
export async function listAdminServices(options: { keyword: string; page: number }): Promise<AdminPage<RecruitServiceSummary>> {
  const key = normalizeSearchText(options.keyword);
  const all = (await listRecruitServices()).sort((a, b) => b.id - a.id);
  const matched = key
    ? all.filter((service) => normalizeSearchText(service.name).includes(key) || normalizeSearchText(service.kana).includes(key))
    : all;
  const { page, pageCount, offset } = pageOf({ total: matched.length, page: options.page, perPage: ADMIN_LIST_PAGE_SIZE });
  return { total: matched.length, page, pageCount, items: matched.slice(offset, offset + ADMIN_LIST_PAGE_SIZE) };
}
