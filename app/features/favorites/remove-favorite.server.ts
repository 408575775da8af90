import { and, eq } from 'drizzle-orm';
import { db, type Db } from '../../db/client.server';
import { favorites } from '../../db/schema';

/**
 * Removes a company from the student's favorites. Idempotent: removing one that is not a
 * favorite (or an unknown company) is not an error. Badges already earned stay.
 */
export async function removeFavorite(options: { tx?: Db; userId: number; companyId: number }): Promise<{ removed: boolean }> {
  const handle = options.tx ?? db();
  const rows = await handle
    .delete(favorites)
    .where(and(eq(favorites.userId, options.userId), eq(favorites.companyId, options.companyId)))
    .returning({ companyId: favorites.companyId });
  return { removed: rows.length > 0 };
}
