import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';

export type RecommendedCompany = {
  id: number;
  name: string;
  industryName: string;
  prefectureName: string;
  internRatingAverage: number | null;
  publishedPostCount: number;
};

const TTL_MS = 60_000;
let cached: { at: number; limit: number; companies: RecommendedCompany[] } | undefined;

type Row = {
  id: number;
  name: string;
  industry_name: string;
  prefecture_name: string;
  intern_rating_average: number | null;
  published_post_count: number;
};

/**
 * Recommendations for a visitor (PRODUCT.md section 4): the most viewed companies of the last
 * 30 days. The same for every visitor, so it is computed once a minute per process.
 */
export async function listRecommendedCompanies(options: { limit: number }): Promise<RecommendedCompany[]> {
  if (cached && cached.limit === options.limit && Date.now() - cached.at < TTL_MS) return cached.companies;
  const rows = await selectRows<Row>(sql`
    WITH top AS (
      SELECT company_id, sum(views) AS views FROM company_view_days
      WHERE day >= (now() AT TIME ZONE 'Asia/Tokyo')::date - 29
      GROUP BY company_id ORDER BY sum(views) DESC, company_id LIMIT ${options.limit}
    )
    SELECT c.id, c.name, i.name AS industry_name, p.name AS prefecture_name,
           c.intern_rating_average, c.published_post_count
    FROM top JOIN companies c ON c.id = top.company_id
    JOIN industries i ON i.id = c.industry_id JOIN prefectures p ON p.id = c.prefecture_id
    ORDER BY top.views DESC, c.id`);
  const companies = rows.map((row) => ({
    id: row.id,
    name: row.name,
    industryName: row.industry_name,
    prefectureName: row.prefecture_name,
    internRatingAverage: row.intern_rating_average === null ? null : Number(row.intern_rating_average),
    publishedPostCount: Number(row.published_post_count),
  }));
  cached = { at: Date.now(), limit: options.limit, companies };
  return companies;
}
