import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { internExperiences as ie, posts } from '../../db/schema';
import { RATING_ITEMS, type RatingItemKey } from '../companies/rating-items';
import type { EvaluationRow, Season } from './compare-data';

type Row = { company_id: number; year: number; season: Season; report_count: number } & Record<RatingItemKey, string | null>;

// One decimal, as text: the exact value PostgreSQL rounded, the same from PGlite and pg.
const AVERAGES = sql.join(
  RATING_ITEMS.map((item) => sql`round(avg(${ie[item.column]})::numeric, 1)::text AS ${sql.identifier(item.key)}`),
  sql`, `,
);

/**
 * The averages of published intern experiences per company, year and season, with the number of
 * reports, for every company asked for: one query for the whole comparison page, however many
 * seasons there are (the index on intern_experiences (company_id, year, season) serves it).
 */
export async function listInternEvaluations(options: { companyIds: readonly number[] }): Promise<EvaluationRow[]> {
  const ids = [...new Set(options.companyIds)];
  if (ids.length === 0) return [];
  const rows = await selectRows<Row>(sql`
    SELECT ${ie.companyId} AS company_id, ${ie.year} AS year, ${ie.season}::text AS season,
           count(*)::int AS report_count, ${AVERAGES}
    FROM ${ie}
    JOIN ${posts} ON ${posts.id} = ${ie.postId} AND ${posts.status} = 'published'
    WHERE ${ie.companyId} IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    GROUP BY ${ie.companyId}, ${ie.year}, ${ie.season}
    ORDER BY ${ie.year} DESC, ${ie.season} DESC, ${ie.companyId}`);
  return rows.map((row) => ({
    companyId: Number(row.company_id),
    year: Number(row.year),
    season: row.season,
    reportCount: Number(row.report_count),
    ...(Object.fromEntries(RATING_ITEMS.map((item) => [item.key, row[item.key]])) as Record<RatingItemKey, string | null>),
  }));
}
