import { and, asc, eq, isNull } from 'drizzle-orm';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { badgeGrants } from '../../db/schema';
import { badgeKindById, type BadgeIconKind, type BadgeTier } from './catalog';

export type UndisplayedBadge = { id: number; name: string; icon: BadgeIconKind; color: BadgeTier };

/**
 * The student's badges that the popup has not shown yet, in the order they were acquired (the
 * popup names the last one). Ids no longer in the catalog are skipped.
 */
export async function listUndisplayedBadges(options: { tx?: DbOrTx; userId: number }): Promise<UndisplayedBadge[]> {
  const handle = orDb(options.tx);
  const rows = await handle
    .select({ badgeKindId: badgeGrants.badgeKindId })
    .from(badgeGrants)
    .where(and(eq(badgeGrants.userId, options.userId), isNull(badgeGrants.displayedAt)))
    .orderBy(asc(badgeGrants.acquiredAt), asc(badgeGrants.badgeKindId));
  return rows.flatMap((row) => {
    const kind = badgeKindById(row.badgeKindId);
    return kind ? [{ id: kind.id, name: kind.name, icon: kind.icon, color: kind.tier }] : [];
  });
}
