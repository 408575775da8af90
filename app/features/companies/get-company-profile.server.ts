import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { excerpt } from '../../lib/format';
import { POST_TYPE_KEYS, type PostTypeKey } from '../posts/post-types';
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
  ratings: { reportCount: number; averages: Record<RatingItemKey, number | null> };
  postCounts: Record<PostTypeKey, number>;
  latestPosts: Record<PostTypeKey, Array<{ id: number; title: string; excerpt: string; publishedAt: string }>>;
};

const LATEST_PER_TYPE = 3;

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
  ratings: Record<string, number | string | null>;
  counts: Record<string, number> | null;
  latest: Array<{ id: number; type: PostTypeKey; title: string; body: string | null; published_at: string }> | null;
};

const ratingAverages = sql.raw(
  RATING_ITEMS.map((item) => `'${item.key}', round(avg(ie.rating_${item.key})::numeric, 1)`).join(', '),
);

/**
 * Everything the company page shows, in one round trip (the page is the site's most visited;
 * on the embedded database every query costs a trip through the single connection).
 * Null for an unknown company.
 */
export async function getCompanyProfile(options: { companyId: number }): Promise<CompanyProfile | null> {
  const [row] = await selectRows<Row>(sql`
    SELECT c.id, c.name, c.kana, c.industry_id, i.name AS industry_name, p.name AS prefecture_name,
           c.url, c.employee_count, c.founded_year, c.description,
           (SELECT json_build_object('report_count', count(*), ${ratingAverages})
              FROM intern_experiences ie JOIN posts ip ON ip.id = ie.post_id AND ip.status = 'published'
             WHERE ie.company_id = c.id) AS ratings,
           (SELECT json_object_agg(t.type, t.n) FROM (
              SELECT type, count(*) AS n FROM posts WHERE company_id = c.id AND status = 'published' GROUP BY type
            ) t) AS counts,
           (SELECT json_agg(x ORDER BY x.type, x.rn) FROM (
              SELECT id, type, title, left(sections->0->>'body', 120) AS body, published_at,
                     row_number() OVER (PARTITION BY type ORDER BY published_at DESC, id DESC) AS rn
                FROM posts WHERE company_id = c.id AND status = 'published'
            ) x WHERE x.rn <= ${LATEST_PER_TYPE}) AS latest
      FROM companies c
      JOIN industries i ON i.id = c.industry_id
      JOIN prefectures p ON p.id = c.prefecture_id
     WHERE c.id = ${options.companyId}`);
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
    ratings: { reportCount: Number(row.ratings.report_count ?? 0), averages },
    postCounts,
    latestPosts,
  };
}
