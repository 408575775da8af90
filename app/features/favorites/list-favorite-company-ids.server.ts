import { and, desc, eq, inArray } from 'drizzle-orm';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { favorites } from '../../db/schema';

/**
 * The ids of the student's favorite companies, newest first; with `companyIds`, only those among
 * them (e.g. the companies on one search page, to draw their heart buttons).
 */
export async function listFavoriteCompanyIds(options: { tx?: DbOrTx; userId: number; companyIds?: readonly number[] }): Promise<number[]> {
  if (options.companyIds && options.companyIds.length === 0) return [];
  const handle = orDb(options.tx);
  const rows = await handle
    .select({ companyId: favorites.companyId })
    .from(favorites)
    .where(
      and(
        eq(favorites.userId, options.userId),
        options.companyIds ? inArray(favorites.companyId, [...new Set(options.companyIds)]) : undefined,
      ),
    )
    .orderBy(desc(favorites.createdAt), desc(favorites.companyId));
  return rows.map((row) => row.companyId);
}
