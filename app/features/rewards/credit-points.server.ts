import { sql } from 'drizzle-orm';
import type { PostTypeKey } from '../../db/enums';
import { pointEntries } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { recordActivity } from '../badges/record-activity.server';
import { POINTS_BY_POST_TYPE } from './point-amounts';

/**
 * Credits the author of a newly published post with its type's points, once per post: the
 * ledger's unique key (user, reason, post) turns a doubled approval into no second entry. The
 * first reward earns badge 411 through the badge engine. Call it in the publishing transaction.
 */
export async function creditPublishedPost(options: {
  tx?: DbOrTx;
  userId: number;
  postId: number;
  postType: PostTypeKey;
}): Promise<{ amount: number; newBadgeKindIds: number[] }> {
  const amount = POINTS_BY_POST_TYPE[options.postType];
  if (amount <= 0) return { amount: 0, newBadgeKindIds: [] };
  const handle = orDb(options.tx);
  const inserted = await handle
    .insert(pointEntries)
    .values({ userId: options.userId, amount, reason: 'post_published', postId: options.postId })
    .onConflictDoNothing({
      target: [pointEntries.userId, pointEntries.reason, pointEntries.postId],
      where: sql`${pointEntries.postId} IS NOT NULL`,
    })
    .returning({ id: pointEntries.id });
  if (inserted.length === 0) return { amount: 0, newBadgeKindIds: [] };
  const newBadgeKindIds = await recordActivity({ tx: handle, userId: options.userId, activity: { type: 'reward_acquired', amount } });
  return { amount, newBadgeKindIds };
}
