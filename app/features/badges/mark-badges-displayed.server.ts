import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { badgeGrants } from '../../db/schema';
import { isBadgeKindId } from './catalog';

/**
 * Marks the student's own badges as shown by the popup. The user id is part of the WHERE clause,
 * so ids of badges the student does not hold (or another student's) change nothing. Returns the
 * ids this call marked.
 */
export async function markBadgesDisplayed(options: { tx?: DbOrTx; userId: number; badgeKindIds: readonly number[] }): Promise<number[]> {
  // Only catalog ids reach SQL: anything else could not match a grant and must not become a 500.
  const ids = [...new Set(options.badgeKindIds.filter(isBadgeKindId))];
  if (ids.length === 0) return [];
  const handle = orDb(options.tx);
  const rows = await handle
    .update(badgeGrants)
    .set({ displayedAt: sql`now()` })
    .where(and(eq(badgeGrants.userId, options.userId), inArray(badgeGrants.badgeKindId, ids), isNull(badgeGrants.displayedAt)))
    .returning({ badgeKindId: badgeGrants.badgeKindId });
  return rows.map((row) => row.badgeKindId).sort((a, b) => a - b);
}
