import { sql } from 'drizzle-orm';
import { writeRows } from '../../db/client.server';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { recordActivity } from '../badges/record-activity.server';
import { publishedPostAuthor } from './published-post.server';

export type ClipResult = {
  clipped: boolean;
  /** False when the post already was (or was not) clipped: a double tap, a retry, another tab. */
  changed: boolean;
  /** Badges the student earned (104 on the first clip); the author's 413 is theirs to see. */
  newBadgeKindIds: number[];
};

/**
 * Clips a published post for the student, or takes the clip off. Idempotent and safe under
 * concurrent identical calls: the (user, post) key lets one insert through, and only that one
 * reports the activities, in the same transaction. Taking a clip off never fails: a post
 * unpublished since can still leave the student's clips.
 * Throws AppError 'post_not_found' when clipping a post that is not published.
 */
export async function setClip(options: { tx?: DbOrTx; userId: number; postId: number; clipped: boolean }): Promise<ClipResult> {
  return inTransaction(options.tx, async (tx) => {
    if (!options.clipped) {
      const removed = await writeRows<{ post_id: number }>(
        sql`DELETE FROM clips WHERE user_id = ${options.userId} AND post_id = ${options.postId} RETURNING post_id`,
        tx,
      );
      return { clipped: false, changed: removed.length > 0, newBadgeKindIds: [] };
    }
    const post = await publishedPostAuthor(tx, options.postId);
    if (!post) throw new AppError('post_not_found', { detail: `Post ${options.postId} is not published` });
    const inserted = await writeRows<{ post_id: number }>(
      sql`INSERT INTO clips (user_id, post_id) VALUES (${options.userId}, ${options.postId})
          ON CONFLICT (user_id, post_id) DO NOTHING RETURNING post_id`,
      tx,
    );
    if (inserted.length === 0) return { clipped: true, changed: false, newBadgeKindIds: [] };
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: { type: 'content_clipped', postId: options.postId },
    });
    // Reported for every author; the rules give 413 only for someone else's clip.
    if (post.authorId !== null) {
      await recordActivity({
        tx,
        userId: post.authorId,
        activity: { type: 'own_post_clipped', postId: options.postId, byUserId: options.userId },
      });
    }
    return { clipped: true, changed: true, newBadgeKindIds };
  });
}
