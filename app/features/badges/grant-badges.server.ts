import { orDb, type DbOrTx } from '../../db/transaction.server';
import { badgeGrants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isBadgeKindId } from './catalog';

/**
 * Grants badge kinds to a student. The (user, badge kind) key with ON CONFLICT DO NOTHING
 * RETURNING makes it safe to repeat and to race: only the rows this call really inserted come
 * back, so each badge is announced once however many requests grant it together.
 * Returns the newly granted ids, ascending.
 */
export async function grantBadges(options: { tx?: DbOrTx; userId: number; badgeKindIds: readonly number[] }): Promise<number[]> {
  const ids = [...new Set(options.badgeKindIds)].sort((a, b) => a - b);
  const unknown = ids.filter((id) => !isBadgeKindId(id));
  if (unknown.length > 0) throw new AppError('unknown_badge_kind', { detail: `Unknown badge kinds: ${unknown.join(', ')}` });
  if (ids.length === 0) return [];
  const handle = orDb(options.tx);
  const rows = await handle
    .insert(badgeGrants)
    .values(ids.map((badgeKindId) => ({ userId: options.userId, badgeKindId })))
    .onConflictDoNothing()
    .returning({ badgeKindId: badgeGrants.badgeKindId });
  return rows.map((row) => row.badgeKindId).sort((a, b) => a - b);
}
