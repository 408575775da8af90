// A moderator's decision on a submitted revision (docs/decisions/026-moderation.md): approve
// publishes it, reject sends it back with a reason. One transaction each, with the post row
// locked, so that of two moderators deciding at once exactly one decision counts; the other gets
// AppError already_reviewed (「この投稿はすでに審査済みです」). Moderators decide on what the
// author wrote; nothing here changes the content.
import { and, eq } from 'drizzle-orm';
import type { PostStatus, PostTypeKey, RejectionReason } from '../../db/enums';
import { companies, postRevisions, posts, recruitServices } from '../../db/schema';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { recordActivity } from '../badges/record-activity.server';
import { refreshCompanyStats } from '../companies/refresh-company-stats.server';
import { writePublishedContent } from '../posts/write-published-content.server';
import { creditPublishedPost } from '../rewards/credit-points.server';
import { recordModeratorAction } from './audit-log.server';
import { notifyAuthor } from './notify-author.server';
import { collectNewPost } from '../notifications/new-posts.server';

export type Decision = { postId: number; revision: number };

type LockedPost = {
  id: number;
  type: PostTypeKey;
  status: PostStatus;
  authorId: number | null;
  companyId: number | null;
  recruitServiceId: number | null;
  title: string;
  /** The revision readers see (0 before the first publication). */
  revision: number;
  publishedAt: Date | null;
};

/** The post, locked for the decision; 404 when there is none. */
export async function lockPost(tx: DbOrTx, postId: number): Promise<LockedPost> {
  const [post] = await tx
    .select({
      id: posts.id,
      type: posts.type,
      status: posts.status,
      authorId: posts.authorId,
      companyId: posts.companyId,
      recruitServiceId: posts.recruitServiceId,
      title: posts.title,
      revision: posts.revision,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .for('update');
  if (!post) throw new AppError('post_not_found', { detail: `Post ${postId} does not exist` });
  return post;
}

/** The revision under review, or already_reviewed when it was decided (or withdrawn) meanwhile. */
async function submittedRevision(tx: DbOrTx, decision: Decision) {
  const [revision] = await tx
    .select({ revision: postRevisions.revision, status: postRevisions.status, content: postRevisions.content })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, decision.postId), eq(postRevisions.revision, decision.revision)));
  if (!revision) throw new AppError('post_not_found', { detail: `Post ${decision.postId} has no revision ${decision.revision}` });
  if (revision.status !== 'submitted') {
    throw new AppError('already_reviewed', { detail: `Post ${decision.postId} revision ${decision.revision} is ${revision.status}` });
  }
  return revision;
}

/** A revision's title (what the author wrote), or the post's when it has none. */
function revisionTitle(content: Record<string, unknown>, fallback: string): string {
  return typeof content.title === 'string' && content.title ? content.title : fallback;
}

/** The name of the post's company or service, for the author's email. */
export async function subjectName(tx: DbOrTx, post: Pick<LockedPost, 'companyId' | 'recruitServiceId'>): Promise<string | null> {
  if (post.companyId !== null) {
    const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, post.companyId));
    return company?.name ?? null;
  }
  if (post.recruitServiceId !== null) {
    const [service] = await tx
      .select({ name: recruitServices.name })
      .from(recruitServices)
      .where(eq(recruitServices.id, post.recruitServiceId));
    return service?.name ?? null;
  }
  return null;
}

/**
 * Publishes the revision: its content becomes what readers see (posts and the type's detail
 * row), the company's numbers follow, the author is credited once per post and earns 411/412,
 * the action is logged and the author told. Returns the badges granted to the author.
 */
export async function approveRevision(options: Decision & { tx?: DbOrTx; moderatorId: number; now?: Date }): Promise<{
  points: number;
  newBadgeKindIds: number[];
}> {
  return inTransaction(options.tx, async (tx) => {
    const post = await lockPost(tx, options.postId);
    const revision = await submittedRevision(tx, options);
    const now = options.now ?? new Date();
    await writePublishedContent({
      tx,
      postId: post.id,
      type: post.type,
      companyId: post.companyId,
      revision: revision.revision,
      content: revision.content,
      // A revised post keeps the date it was first published.
      publishedAt: post.publishedAt ?? now,
    });
    await tx
      .update(postRevisions)
      .set({ status: 'published', reviewedAt: now, reviewedBy: options.moderatorId, updatedAt: now })
      .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.revision, revision.revision)));
    if (post.companyId !== null) await refreshCompanyStats({ tx, companyIds: [post.companyId] });
    await recordModeratorAction({ tx, moderatorId: options.moderatorId, action: 'approve', postId: post.id, revision: revision.revision });

    // The students who keep the company as a favorite are told (the digest emails it later).
    await collectNewPost({
      tx,
      post: {
        id: post.id,
        type: post.type,
        title: revisionTitle(revision.content, post.title),
        companyId: post.companyId,
        authorId: post.authorId,
      },
      now,
    });
    if (post.authorId === null) return { points: 0, newBadgeKindIds: [] };
    const published = await recordActivity({ tx, userId: post.authorId, activity: { type: 'post_published', postType: post.type } });
    const credit = await creditPublishedPost({ tx, userId: post.authorId, postId: post.id, postType: post.type });
    await notifyAuthor({
      tx,
      authorId: post.authorId,
      post: { id: post.id, type: post.type, title: revisionTitle(revision.content, post.title), revision: revision.revision },
      subjectName: await subjectName(tx, post),
      notice: { kind: 'published', points: credit.amount },
    });
    return { points: credit.amount, newBadgeKindIds: [...published, ...credit.newBadgeKindIds].sort((a, b) => a - b) };
  });
}

/**
 * Sends the revision back with a preset reason and an optional note for the author. A post that
 * was never published becomes 非承認; a published post keeps showing its published revision.
 */
export async function rejectRevision(
  options: Decision & { tx?: DbOrTx; moderatorId: number; reason: RejectionReason; note?: string | null; now?: Date },
): Promise<void> {
  await inTransaction(options.tx, async (tx) => {
    const post = await lockPost(tx, options.postId);
    const revision = await submittedRevision(tx, options);
    const now = options.now ?? new Date();
    const note = options.note?.trim() || null;
    await tx
      .update(postRevisions)
      .set({
        status: 'rejected',
        reviewedAt: now,
        reviewedBy: options.moderatorId,
        rejectionReason: options.reason,
        rejectionNote: note,
        updatedAt: now,
      })
      .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.revision, revision.revision)));
    if (post.status === 'submitted') {
      await tx.update(posts).set({ status: 'rejected', updatedAt: now }).where(eq(posts.id, post.id));
    }
    await recordModeratorAction({
      tx,
      moderatorId: options.moderatorId,
      action: 'reject',
      postId: post.id,
      revision: revision.revision,
      reason: options.reason,
      note,
    });
    if (post.authorId === null) return;
    await notifyAuthor({
      tx,
      authorId: post.authorId,
      post: { id: post.id, type: post.type, title: revisionTitle(revision.content, post.title), revision: revision.revision },
      subjectName: await subjectName(tx, post),
      notice: { kind: 'rejected', reason: options.reason, note },
    });
  });
}
