import { and, eq } from 'drizzle-orm';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { favorites } from '../../db/schema';

/**
 * Removes a company from the student's favorites. Idempotent: removing one that is not a
 * favorite (or an unknown company) is not an error. Badges already earned stay.
 */
export async function removeFavorite(options: { tx?: DbOrTx; userId: number; companyId: number }): Promise<{ removed: boolean }> {
  const handle = orDb(options.tx);
  const rows = await handle
    .delete(favorites)
    .where(and(eq(favorites.userId, options.userId), eq(favorites.companyId, options.companyId)))
    .returning({ companyId: favorites.companyId });
  return { removed: rows.length > 0 };
}
