import { sql } from 'drizzle-orm';
import { writeRows } from '../../db/client.server';
import { orDb, type DbOrTx } from '../../db/transaction.server';

/**
 * Recomputes the denormalised counts and the average 総合評価 of companies from their published
 * posts: for the given companies, or for all of them. Call it in the transaction that publishes,
 * unpublishes or moves a post. Only rows whose numbers change are written.
 */
export async function refreshCompanyStats(options: { companyIds?: number[]; tx?: DbOrTx } = {}): Promise<void> {
  const handle = orDb(options.tx);
  const ids = options.companyIds;
  if (ids && ids.length === 0) return;
  const only = ids ? sql`WHERE id = ANY(${sql.param(ids)}::int[])` : sql``;
  await writeRows(
    sql`
    WITH target AS (SELECT id FROM companies ${only}),
    post_counts AS (
      SELECT company_id, count(*)::int AS n FROM posts
      WHERE status = 'published' AND company_id IN (SELECT id FROM target)
      GROUP BY company_id
    ),
    intern AS (
      SELECT ie.company_id, count(*)::int AS n, avg(ie.rating_all)::real AS average
      FROM intern_experiences ie JOIN posts p ON p.id = ie.post_id AND p.status = 'published'
      WHERE ie.company_id IN (SELECT id FROM target)
      GROUP BY ie.company_id
    ),
    fresh AS (
      SELECT t.id, coalesce(pc.n, 0) AS post_count, coalesce(i.n, 0) AS report_count, i.average
      FROM target t LEFT JOIN post_counts pc ON pc.company_id = t.id LEFT JOIN intern i ON i.company_id = t.id
    )
    UPDATE companies c
    SET published_post_count = f.post_count, intern_report_count = f.report_count,
        intern_rating_average = f.average, updated_at = now()
    FROM fresh f
    WHERE c.id = f.id
      AND (c.published_post_count, c.intern_report_count, c.intern_rating_average)
          IS DISTINCT FROM (f.post_count, f.report_count, f.average)
  `,
    handle,
  );
}
