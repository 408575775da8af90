import { sql, type SQL } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { PostSection } from '../../db/schema';
import type { PostTypeKey } from '../../db/enums';
import { forMs, registeredMap } from '../../lib/caches.server';
import { excerpt } from '../../lib/format';
import { pageOf } from '../../lib/pagination';
import type { PostListItemPost } from './components/post-list-item';
import type { ListScope, PostListQuery } from './list-filters';

export const POSTS_PER_PAGE = 20;
/**
 * A list shows at most this many pages (1,000 posts); past it, the filters narrow the list
 * (docs/decisions/032-post-lists.md). Counting stops there too, so no page costs more than that.
 */
export const MAX_LIST_PAGES = 50;
const COUNT_CAP = MAX_LIST_PAGES * POSTS_PER_PAGE;

/** A post of a list as its item shows it, with its company for the lists across companies. */
export type ListedPost = PostListItemPost & { companyId: number | null; companyName: string | null };

export type PostListPage = {
  /** Up to COUNT_CAP; `more` says there are more. */
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
  posts: ListedPost[];
};

/** The WHERE of a list: its scope (a company's type, or a family across companies) and its filters. */
export function listConditions(scope: ListScope, query: PostListQuery, companyId: number | null): SQL {
  const parts: SQL[] = [];
  if (companyId !== null && scope.type) parts.push(sql`l.company_id = ${companyId} AND l.type = ${scope.type}`);
  else parts.push(sql`l.family = ${scope.family}`);
  if (query.selection) parts.push(sql`l.type = ${query.selection === 'intern' ? 'intern_entry_sheet' : 'screening_entry_sheet'}`);
  if (query.industryId !== null) parts.push(sql`l.industry_id = ${query.industryId}`);
  if (query.year !== null) parts.push(sql`l.year = ${query.year}`);
  if (query.season) parts.push(sql`l.season = ${query.season}`);
  if (query.result) parts.push(sql`l.result = ${query.result}`);
  if (query.jobType) parts.push(sql`l.job_type = ${query.jobType}`);
  return sql.join(parts, sql` AND `);
}

// Written as the indexes are (DESC NULLS LAST), so that the order is read from an index.
const ORDER: Record<PostListQuery['sort'], SQL> = {
  new: sql`l.published_at DESC NULLS LAST, l.post_id DESC NULLS LAST`,
  useful: sql`l.useful_count DESC NULLS LAST, l.published_at DESC NULLS LAST, l.post_id DESC NULLS LAST`,
};

type Row = {
  post_id: number;
  type: PostTypeKey;
  title: string;
  first_section: PostSection | null;
  published_at: Date | string;
  useful_count: number;
  company_id: number | null;
  company_name: string | null;
};

/**
 * How many posts a list holds, up to one past the cap: the count of `listPosts`, which every page
 * and order of one list's filters share (`counted` from an earlier page spares the statement).
 */
export function countedOf(page: Pick<PostListPage, 'total' | 'more'>): number {
  return page.more ? COUNT_CAP + 1 : page.total;
}

/** How many posts match `where`, counting no further than one past the cap. */
async function countListed(where: SQL): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM post_listings l WHERE ${where} LIMIT ${COUNT_CAP + 1}) AS capped`,
  );
  return Number(row?.n ?? 0);
}

/**
 * One page of a post list, filtered and sorted as its URL says: two statements, the count and the
 * page, or the page alone when the list's count is known (`counted`, from `countedOf`).
 */
export async function listPosts(options: {
  scope: ListScope;
  query: PostListQuery;
  companyId?: number;
  counted?: number;
}): Promise<PostListPage> {
  const where = listConditions(options.scope, options.query, options.companyId ?? null);
  const counted = options.counted ?? (await countListed(where));
  const more = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const { page, pageCount, offset } = pageOf({ total, page: options.query.page, perPage: POSTS_PER_PAGE });
  const rows = await selectRows<Row>(sql`
    SELECT l.post_id, l.type, p.title, p.sections->0 AS first_section, l.published_at, l.useful_count,
      l.company_id, c.name AS company_name
    FROM (
      SELECT l.post_id, l.type, l.published_at, l.useful_count, l.company_id
      FROM post_listings l WHERE ${where}
      ORDER BY ${ORDER[options.query.sort]}
      LIMIT ${POSTS_PER_PAGE} OFFSET ${offset}
    ) AS l
    JOIN posts p ON p.id = l.post_id AND p.status = 'published'
    LEFT JOIN companies c ON c.id = l.company_id
    ORDER BY ${ORDER[options.query.sort]}`);
  return {
    total,
    more,
    page,
    pageCount,
    posts: rows.map((row) => ({
      id: Number(row.post_id),
      type: row.type,
      title: row.title,
      excerpt: excerpt(row.first_section?.body ?? '', 90),
      publishedAt: new Date(row.published_at).toISOString(),
      usefulCount: Number(row.useful_count),
      companyId: row.company_id === null ? null : Number(row.company_id),
      companyName: row.company_name,
    })),
  };
}

export type ListFacets = { years: number[]; jobTypes: string[] };

const FACET_SAMPLE = 5000;
const FACET_TTL_MS = 60_000;
const FACET_KEYS = 2000;
const facetCache = registeredMap<string, { at: number; facets: ListFacets }>({
  name: 'list facets',
  holds: "the years and job types a post list's filter form offers, by list and company",
  feeds: "the post lists (/intern_experiences, /entry_sheets, … and each company's), through their loader",
  lifetime: forMs(FACET_TTL_MS),
  invalidatedBy: 'nothing',
  bound: `${FACET_KEYS} lists, the first stored go first`,
});

/**
 * The years and job types to offer in a list's filter form: those of its newest 5,000 posts (all
 * of a company's), the job types most written first. Kept a minute per process.
 */
export async function listFacets(options: { scope: ListScope; companyId?: number; now?: number }): Promise<ListFacets> {
  const cacheKey = `${options.scope.family}:${options.scope.type ?? ''}:${options.companyId ?? ''}`;
  const now = options.now ?? Date.now();
  const cached = facetCache.get(cacheKey);
  if (cached && now - cached.at < FACET_TTL_MS) return cached.facets;
  const scopeOnly = listConditions(options.scope, emptyQuery, options.companyId ?? null);
  const rows = await selectRows<{ years: number[] | null; job_types: string[] | null }>(sql`
    WITH recent AS (
      SELECT l.year, l.job_type FROM post_listings l WHERE ${scopeOnly}
      ORDER BY l.published_at DESC NULLS LAST, l.post_id DESC NULLS LAST LIMIT ${FACET_SAMPLE}
    )
    SELECT
      (SELECT array_agg(DISTINCT year ORDER BY year DESC) FROM recent WHERE year IS NOT NULL) AS years,
      (SELECT array_agg(job_type) FROM (
        SELECT job_type FROM recent WHERE job_type IS NOT NULL GROUP BY job_type ORDER BY count(*) DESC, job_type LIMIT 30
      ) AS top) AS job_types`);
  const facets: ListFacets = {
    years: (rows[0]?.years ?? []).map(Number),
    jobTypes: rows[0]?.job_types ?? [],
  };
  facetCache.set(cacheKey, { at: now, facets });
  if (facetCache.size > FACET_KEYS) facetCache.delete(facetCache.keys().next().value!);
  return facets;
}

const emptyQuery: PostListQuery = {
  sort: 'new',
  year: null,
  season: null,
  result: null,
  jobType: null,
  selection: null,
  industryId: null,
  q: '',
  page: 1,
};
