import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PostTypeKey, RejectionReason } from '../../db/enums';
import { moderationEvents, pointEntries, postRevisions, posts } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { creditOfApproval } from './audit-log.server';
import { revisionTitle } from './review-queue.server';

export type AuthorNotice = {
  id: number;
  at: Date;
  kind: 'approve' | 'reject' | 'unpublish';
  postId: number;
  postType: PostTypeKey;
  title: string;
  reason: RejectionReason | null;
  note: string | null;
  /** Points credited by this publication, when it paid. */
  points: number | null;
};

/**
 * What moderators decided on the student's posts, newest first (お知らせ on /mypage): the same
 * decisions the author is emailed about, read from the audit log. Who decided is not shown.
 */
export async function listAuthorNotices(options: { tx?: DbOrTx; userId: number; limit?: number }): Promise<AuthorNotice[]> {
  const rows = await orDb(options.tx)
    .select({
      id: moderationEvents.id,
      at: moderationEvents.createdAt,
      action: moderationEvents.action,
      postId: posts.id,
      postType: posts.type,
      title: revisionTitle,
      reason: moderationEvents.reason,
      note: moderationEvents.note,
      points: pointEntries.amount,
    })
    .from(moderationEvents)
    .innerJoin(posts, eq(posts.id, moderationEvents.postId))
    .leftJoin(postRevisions, and(eq(postRevisions.postId, moderationEvents.postId), eq(postRevisions.revision, moderationEvents.revision)))
    .leftJoin(pointEntries, creditOfApproval)
    .where(and(eq(posts.authorId, options.userId), inArray(moderationEvents.action, ['approve', 'reject', 'unpublish'])))
    .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id))
    .limit(options.limit ?? 5);
  return rows.map((row) => ({ ...row, kind: row.action as AuthorNotice['kind'] }));
}
