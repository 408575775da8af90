import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { RelatedCompany } from './compare-data';

/**
 * The compare search panel's initial list (docs/product/companies.md#related-companies): the companies most often
 * favorited by the students who favorited the base company; where there are fewer than `limit`,
 * the rest are companies of the same industry with the most intern experiences. The base company
 * itself is never listed. One query.
 */
export async function listRelatedCompanies(options: { baseCompanyId: number; limit: number }): Promise<RelatedCompany[]> {
  const { baseCompanyId, limit } = options;
  const rows = await selectRows<{ company_id: number; name: string; pref_name: string; intern_report_count: number }>(sql`
    WITH co_favorited AS (
      SELECT other.company_id, count(*) AS students
      FROM favorites mine
      JOIN favorites other ON other.user_id = mine.user_id AND other.company_id <> mine.company_id
      WHERE mine.company_id = ${baseCompanyId}
      GROUP BY other.company_id
      ORDER BY students DESC, other.company_id
      LIMIT ${limit}
    ),
    same_industry AS (
      SELECT c.id AS company_id
      FROM companies c
      WHERE c.industry_id = (SELECT industry_id FROM companies WHERE id = ${baseCompanyId})
        AND c.id <> ${baseCompanyId}
        AND c.closed_at IS NULL
        AND c.id NOT IN (SELECT company_id FROM co_favorited)
      ORDER BY c.intern_report_count DESC, c.id
      LIMIT ${limit}
    ),
    ranked AS (
      SELECT company_id, 0 AS tier, students AS weight FROM co_favorited
      UNION ALL
      SELECT company_id, 1 AS tier, 0 AS weight FROM same_industry
    )
    SELECT c.id AS company_id, c.name, p.name AS pref_name, c.intern_report_count
    FROM ranked r
    JOIN companies c ON c.id = r.company_id
    JOIN prefectures p ON p.id = c.prefecture_id
    ORDER BY r.tier, r.weight DESC, c.intern_report_count DESC, c.id
    LIMIT ${limit}`);
  return rows.map((row) => ({
    companyId: Number(row.company_id),
    name: row.name,
    prefName: row.pref_name,
    internReportCount: Number(row.intern_report_count),
  }));
}
