import { and, count, eq, isNotNull } from 'drizzle-orm';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { posts } from '../../db/schema';
import { grantBadges } from './grant-badges.server';
import { badgesEarnedBy, type Activity, type ActivityFacts } from './rules';

/**
 * The one entry point through which features report what a student did. Pass the caller's
 * transaction as `tx` so that the badge is granted together with the action or not at all.
 * Returns the badge kind ids newly granted by this activity (empty when already held).
 */
export async function recordActivity(options: { tx?: DbOrTx; userId: number; activity: Activity }): Promise<number[]> {
  const handle = orDb(options.tx);
  const facts: ActivityFacts = { userId: options.userId };
  if (options.activity.type === 'post_submitted') {
    const [row] = await handle
      .select({ n: count() })
      .from(posts)
      .where(and(eq(posts.authorId, options.userId), isNotNull(posts.submittedAt)));
    facts.submittedPostCount = Number(row?.n ?? 0);
  }
  const candidates = badgesEarnedBy(options.activity, facts);
  if (candidates.length === 0) return [];
  return grantBadges({ tx: handle, userId: options.userId, badgeKindIds: candidates });
}
