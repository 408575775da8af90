import { sql } from 'drizzle-orm';
import { selectRows, writeRows } from '../../db/client.server';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { recordActivity } from '../badges/record-activity.server';

export type VoteResult = {
  voted: boolean;
  changed: boolean;
  /** The post's public count after this call. */
  usefulCount: number;
  /** Badges the voter earned (105 on the first vote); the author's 414 is theirs to see. */
  newBadgeKindIds: number[];
};

/**
 * Votes a published post 参考になった, or takes the vote back: once per student and post (the
 * (user, post) key), the count on posts and on its list row moved in the same transaction, and only
 * by the call that really changed the vote. A student cannot vote for their own post.
 * Throws AppError 'post_not_found' (not published) or 'own_post_vote'.
 */
export async function setUsefulVote(options: { tx?: DbOrTx; userId: number; postId: number; voted: boolean }): Promise<VoteResult> {
  return inTransaction(options.tx, async (tx) => {
    // Locked whatever its status: a vote taken back from a post unpublished since still moves its
    // count, so that the count is right if a moderator publishes it again.
    const [post] = await selectRows<{ author_id: number | null; status: string; useful_count: number }>(
      sql`SELECT author_id, status, useful_count FROM posts WHERE id = ${options.postId} FOR NO KEY UPDATE`,
      tx,
    );
    const published = post?.status === 'published';
    if (options.voted && !published) throw new AppError('post_not_found', { detail: `Post ${options.postId} is not published` });
    const authorId = post?.author_id == null ? null : Number(post.author_id);
    if (options.voted && authorId === options.userId) throw new AppError('own_post_vote');
    const changedRows = options.voted
      ? await writeRows<{ post_id: number }>(
          sql`INSERT INTO useful_votes (user_id, post_id) VALUES (${options.userId}, ${options.postId})
              ON CONFLICT (user_id, post_id) DO NOTHING RETURNING post_id`,
          tx,
        )
      : await writeRows<{ post_id: number }>(
          sql`DELETE FROM useful_votes WHERE user_id = ${options.userId} AND post_id = ${options.postId} RETURNING post_id`,
          tx,
        );
    if (changedRows.length === 0) {
      return { voted: options.voted, changed: false, usefulCount: Number(post?.useful_count ?? 0), newBadgeKindIds: [] };
    }
    const step = options.voted ? 1 : -1;
    const [row] = await writeRows<{ useful_count: number }>(
      sql`UPDATE posts SET useful_count = GREATEST(0, useful_count + ${step}) WHERE id = ${options.postId} RETURNING useful_count`,
      tx,
    );
    const usefulCount = Number(row?.useful_count ?? 0);
    await writeRows(sql`UPDATE post_listings SET useful_count = ${usefulCount} WHERE post_id = ${options.postId}`, tx);
    if (!options.voted) return { voted: false, changed: true, usefulCount, newBadgeKindIds: [] };
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: { type: 'content_voted_useful', postId: options.postId },
    });
    if (authorId !== null) {
      await recordActivity({
        tx,
        userId: authorId,
        activity: { type: 'own_post_voted_useful', postId: options.postId, byUserId: options.userId },
      });
    }
    return { voted: true, changed: true, usefulCount, newBadgeKindIds };
  });
}
