// The selection tracker's one-tap choices (選考管理, issue 17): the student's favorite companies
// that are not on the board yet, offered above the company picker.
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { CompanyChoice } from '../search/company-choice';

/** The student's favorites that are not on the board yet, as one-tap choices (newest first). */
export async function listFavoriteChoices(options: { userId: number; limit?: number }): Promise<CompanyChoice[]> {
  const rows = await selectRows<{ company_id: number; name: string; prefecture_name: string }>(
    sql`SELECT c.id AS company_id, c.name, pr.name AS prefecture_name FROM favorites f
        JOIN companies c ON c.id = f.company_id JOIN prefectures pr ON pr.id = c.prefecture_id
        WHERE f.user_id = ${options.userId}
          AND NOT EXISTS (SELECT 1 FROM tracker_entries t WHERE t.user_id = f.user_id AND t.company_id = f.company_id)
        ORDER BY f.created_at DESC, c.id DESC LIMIT ${options.limit ?? 8}`,
  );
  return rows.map((row) => ({
    companyId: Number(row.company_id),
    name: row.name,
    prefectureName: row.prefecture_name,
    source: 'favorite',
  }));
}
