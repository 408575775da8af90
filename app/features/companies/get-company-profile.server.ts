import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { excerpt } from '../../lib/format';
import { POST_TYPE_KEYS, type PostTypeKey } from '../../db/enums';
import { RATING_ITEMS, type RatingItemKey } from './rating-items';

export type CompanyProfile = {
  id: number;
  name: string;
  kana: string;
  industryId: number;
  industryName: string;
  prefectureName: string;
  url: string | null;
  employeeCount: number | null;
  foundedYear: number | null;
  description: string;
  /** The 法人番号 of a company imported from the 法人番号 data, or null. */
  corporateNumber: string | null;
  /** When the corporation's registration was closed (登記記録の閉鎖), ISO, or null. */
  closedAt: string | null;
  ratings: { reportCount: number; averages: Record<RatingItemKey, number | null> };
  postCounts: Record<PostTypeKey, number>;
  latestPosts: Record<PostTypeKey, Array<{ id: number; title: string; excerpt: string; publishedAt: string }>>;
};

type Row = {
  id: number;
  name: string;
  kana: string;
  industry_id: number;
  industry_name: string;
  prefecture_name: string;
  url: string | null;
  employee_count: number | null;
  founded_year: number | null;
  description: string;
  corporate_number: string | null;
  closed_at: string | null;
  ratings: Record<string, number | string | null>;
  counts: Record<string, number> | null;
  latest: Array<{ id: number; type: PostTypeKey; title: string; body: string | null; published_at: string }> | null;
};

/**
 * Everything the company page shows, in one round trip (the page is the site's most visited;
 * on the embedded database every query costs a trip through the single connection). The query
 * is the SQL function company_profile (migration 0005), whose plan the connection keeps.
 * Null for an unknown company.
 */
export async function getCompanyProfile(options: { companyId: number }): Promise<CompanyProfile | null> {
  const [result] = await selectRows<{ profile: Row | null }>(sql`SELECT company_profile(${options.companyId}) AS profile`);
  const row = result?.profile;
  if (!row) return null;

  const postCounts = Object.fromEntries(POST_TYPE_KEYS.map((key) => [key, Number(row.counts?.[key] ?? 0)])) as Record<PostTypeKey, number>;
  const latestPosts = Object.fromEntries(POST_TYPE_KEYS.map((key) => [key, []])) as unknown as CompanyProfile['latestPosts'];
  for (const post of row.latest ?? []) {
    latestPosts[post.type].push({
      id: post.id,
      title: post.title,
      excerpt: excerpt(post.body ?? '', 70),
      publishedAt: new Date(post.published_at).toISOString(),
    });
  }
  const averages = Object.fromEntries(
    RATING_ITEMS.map((item) => {
      const value = row.ratings[item.key];
      return [item.key, value === null || value === undefined ? null : Number(value)];
    }),
  ) as Record<RatingItemKey, number | null>;
  return {
    id: row.id,
    name: row.name,
    kana: row.kana,
    industryId: row.industry_id,
    industryName: row.industry_name,
    prefectureName: row.prefecture_name,
    url: row.url,
    employeeCount: row.employee_count,
    foundedYear: row.founded_year,
    description: row.description,
    corporateNumber: row.corporate_number ?? null,
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    ratings: { reportCount: Number(row.ratings.report_count ?? 0), averages },
    postCounts,
    latestPosts,
  };
}
