// The one-tap company choices of a posting form: the student's favorites and the companies on
// their selection tracker, most recent first, each once.
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import type { CompanyChoice } from '../search/company-choice';

export async function listCompanyChoices(options: { tx?: DbOrTx; userId: number; limit?: number }): Promise<CompanyChoice[]> {
  const rows = await selectRows<{ company_id: number; name: string; prefecture_name: string; sources: string[]; at: Date | string }>(
    sql`SELECT c.id AS company_id, c.name, pr.name AS prefecture_name, array_agg(DISTINCT x.source) AS sources, max(x.at) AS at
        FROM (
          SELECT company_id, 'favorite' AS source, created_at AS at FROM favorites WHERE user_id = ${options.userId}
          UNION ALL
          SELECT company_id, 'tracker' AS source, updated_at AS at FROM tracker_entries WHERE user_id = ${options.userId}
        ) x
        JOIN companies c ON c.id = x.company_id
        JOIN prefectures pr ON pr.id = c.prefecture_id
        GROUP BY c.id, c.name, pr.name
        ORDER BY max(x.at) DESC, c.id DESC
        LIMIT ${options.limit ?? 8}`,
    orDb(options.tx),
  );
  return rows.map((row) => ({
    companyId: row.company_id,
    name: row.name,
    prefectureName: row.prefecture_name,
    source: row.sources.length > 1 ? 'both' : (row.sources[0] as 'favorite' | 'tracker'),
  }));
}
