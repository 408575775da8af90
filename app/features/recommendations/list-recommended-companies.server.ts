import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { TOKYO_TIME_ZONE } from '../../lib/tokyo-time';
import { registeredValue } from '../../lib/caches.server';
import type { RecommendedCompany } from '../../lib/recommended-company';

export type { RecommendedCompany };

const kept = registeredValue<{ limit: number; companies: RecommendedCompany[] }>({
  name: 'recommendations',
  holds: "the most viewed companies of the last 30 days (Tokyo's days), as long a list as was asked for",
  feeds: "the top page's おすすめ企業, for visitors and, topped up with their own, for students",
  ttlMs: 60_000,
  invalidatedBy: 'nothing; a longer list replaces it, a shorter one is cut from it',
});

type Row = {
  id: number;
  name: string;
  industry_name: string;
  prefecture_name: string;
  intern_rating_average: number | null;
  published_post_count: number;
};

function toRecommended(row: Row): RecommendedCompany {
  return {
    id: row.id,
    name: row.name,
    industryName: row.industry_name,
    prefectureName: row.prefecture_name,
    internRatingAverage: row.intern_rating_average === null ? null : Number(row.intern_rating_average),
    publishedPostCount: Number(row.published_post_count),
  };
}

/**
 * Recommendations for a visitor (docs/product/companies.md#recommended-companies): the most viewed companies of the last
 * 30 days. The same for every visitor, so it is computed once a minute per process.
 */
export async function listRecommendedCompanies(options: { limit: number }): Promise<RecommendedCompany[]> {
  // The page asks for 15, a student's top-up for 30: one list serves both.
  const fresh = kept.fresh();
  if (fresh && fresh.limit >= options.limit) return fresh.companies.slice(0, options.limit);
  const rows = await selectRows<Row>(sql`
    WITH top AS (
      SELECT company_id, sum(views) AS views FROM company_view_days
      WHERE day >= (now() AT TIME ZONE ${TOKYO_TIME_ZONE})::date - 29
      GROUP BY company_id ORDER BY sum(views) DESC, company_id LIMIT ${options.limit}
    )
    SELECT c.id, c.name, i.name AS industry_name, p.name AS prefecture_name,
           c.intern_rating_average, c.published_post_count
    FROM top JOIN companies c ON c.id = top.company_id
    JOIN industries i ON i.id = c.industry_id JOIN prefectures p ON p.id = c.prefecture_id
    ORDER BY top.views DESC, c.id`);
  const companies = rows.map(toRecommended);
  kept.keep({ limit: options.limit, companies });
  return companies;
}

/**
 * Recommendations for a logged-in student (docs/product/companies.md#recommended-companies): companies favorited by the
 * students who share the student's favorites, and companies matching the match conditions
 * (preferred industries and prefectures), never one the student already favorited. Topped up
 * with the visitors' list when there are too few.
 */
export async function listRecommendedCompaniesForStudent(options: { userId: number; limit: number }): Promise<RecommendedCompany[]> {
  const rows = await selectRows<Row & { score: number }>(sql`
    WITH mine AS (SELECT company_id FROM favorites WHERE user_id = ${options.userId}),
    co_favorites AS (
      SELECT f2.company_id, count(*)::float8 * 2 AS score
      FROM favorites f1
      JOIN favorites f2 ON f2.user_id = f1.user_id AND f2.user_id <> ${options.userId}
      WHERE f1.company_id IN (SELECT company_id FROM mine)
      GROUP BY f2.company_id
    ),
    matching AS (
      SELECT c.id AS company_id,
             (CASE WHEN c.industry_id IN (SELECT industry_id FROM user_preferred_industries WHERE user_id = ${options.userId}) THEN 1 ELSE 0 END
            + CASE WHEN c.prefecture_id IN (SELECT prefecture_id FROM user_preferred_prefectures WHERE user_id = ${options.userId}) THEN 1 ELSE 0 END
             )::float8 + least(c.published_post_count, 50) / 100.0 AS score
      FROM companies c
      WHERE (c.industry_id IN (SELECT industry_id FROM user_preferred_industries WHERE user_id = ${options.userId})
         OR c.prefecture_id IN (SELECT prefecture_id FROM user_preferred_prefectures WHERE user_id = ${options.userId}))
        AND c.closed_at IS NULL
      ORDER BY 2 DESC, c.id LIMIT 200
    ),
    scored AS (
      SELECT company_id, sum(score) AS score FROM (SELECT * FROM co_favorites UNION ALL SELECT * FROM matching) s
      WHERE company_id NOT IN (SELECT company_id FROM mine)
      GROUP BY company_id ORDER BY sum(score) DESC, company_id LIMIT ${options.limit}
    )
    SELECT c.id, c.name, i.name AS industry_name, p.name AS prefecture_name,
           c.intern_rating_average, c.published_post_count, scored.score
    FROM scored JOIN companies c ON c.id = scored.company_id
    JOIN industries i ON i.id = c.industry_id JOIN prefectures p ON p.id = c.prefecture_id
    ORDER BY scored.score DESC, c.id`);
  const personal = rows.map(toRecommended);
  if (personal.length >= options.limit) return personal;
  const favorites = new Set(
    (await selectRows<{ company_id: number }>(sql`SELECT company_id FROM favorites WHERE user_id = ${options.userId}`)).map(
      (row) => row.company_id,
    ),
  );
  const seen = new Set(personal.map((company) => company.id));
  for (const company of await listRecommendedCompanies({ limit: options.limit * 2 })) {
    if (personal.length >= options.limit) break;
    if (!seen.has(company.id) && !favorites.has(company.id)) personal.push(company);
  }
  return personal;
}
