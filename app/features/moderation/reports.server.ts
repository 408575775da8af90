// Readers' reports (通報) of published posts and what moderators do with them
// (docs/decisions/026-moderation.md): one report per student and post; a moderator unpublishes
// the post (the author is told why and may edit and send it again) or dismisses its reports.
import { and, asc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { PostStatus, PostTypeKey, RejectionReason, ReportReason } from '../../db/enums';
import { companies, postReports, postRevisions, posts, recruitServices } from '../../db/schema';
import { withPostSubject } from '../posts/post-subject.server';
import { inTransaction, orDb, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { refreshCompanyStats } from '../companies/refresh-company-stats.server';
import { getPostContent } from '../posts/get-post.server';
import { recordModeratorAction } from './audit-log.server';
import { lockPost, subjectName } from './decide.server';
import { notifyAuthor } from './notify-author.server';
import { withdrawNewPost } from '../notifications/new-posts.server';

/**
 * Records a student's report of a published post. Idempotent: a second report of the same post
 * by the same student changes nothing (`created: false`).
 */
export async function reportPost(options: {
  tx?: DbOrTx;
  userId: number;
  postId: number;
  reason: ReportReason;
  note?: string;
}): Promise<{ created: boolean }> {
  const handle = orDb(options.tx);
  const [post] = await handle
    .select({ authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, options.postId), eq(posts.status, 'published')));
  if (!post) throw new AppError('post_not_found', { detail: `Post ${options.postId} is not published` });
  if (post.authorId === options.userId) throw new AppError('own_post_report', { detail: `User ${options.userId} reported their own post` });
  const inserted = await handle
    .insert(postReports)
    .values({ postId: options.postId, reporterId: options.userId, reason: options.reason, note: (options.note ?? '').trim() })
    .onConflictDoNothing({ target: [postReports.postId, postReports.reporterId] })
    .returning({ id: postReports.id });
  return { created: inserted.length > 0 };
}

export type ReportedPost = {
  postId: number;
  type: PostTypeKey;
  title: string;
  status: PostStatus;
  subject: string | null;
  firstReportedAt: Date;
  reports: Array<{ id: number; reason: ReportReason; note: string; at: Date }>;
};

/** Published posts with open reports, the longest waiting first, each with its open reports. */
export async function listReportedPosts(options: { tx?: DbOrTx; limit?: number } = {}): Promise<{ posts: ReportedPost[]; total: number }> {
  const handle = orDb(options.tx);
  const open = isNull(postReports.resolvedAt);
  const waiting = await handle
    .select({ postId: postReports.postId, first: min(postReports.createdAt) })
    .from(postReports)
    .where(open)
    .groupBy(postReports.postId)
    .orderBy(asc(min(postReports.createdAt)), asc(postReports.postId))
    .limit(options.limit ?? 50);
  const [counted] = await handle
    .select({ n: sql<number>`count(DISTINCT ${postReports.postId})::int` })
    .from(postReports)
    .where(open);
  if (waiting.length === 0) return { posts: [], total: counted?.n ?? 0 };
  const ids = waiting.map((row) => row.postId);
  const [rows, reports] = await Promise.all([
    withPostSubject(
      handle
        .select({
          id: posts.id,
          type: posts.type,
          title: posts.title,
          status: posts.status,
          company: companies.name,
          service: recruitServices.name,
        })
        .from(posts)
        .$dynamic(),
    ).where(inArray(posts.id, ids)),
    handle
      .select({
        id: postReports.id,
        postId: postReports.postId,
        reason: postReports.reason,
        note: postReports.note,
        at: postReports.createdAt,
      })
      .from(postReports)
      .where(and(open, inArray(postReports.postId, ids)))
      .orderBy(asc(postReports.createdAt), asc(postReports.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    total: counted?.n ?? 0,
    posts: waiting.flatMap((entry) => {
      const post = byId.get(entry.postId);
      if (!post) return [];
      return [
        {
          postId: post.id,
          type: post.type,
          title: post.title,
          status: post.status,
          subject: post.company ?? post.service ?? null,
          firstReportedAt: entry.first as Date,
          reports: reports.filter((report) => report.postId === post.id).map(({ postId: _postId, ...report }) => report),
        },
      ];
    }),
  };
}

/** Closes a post's open reports; already_reviewed when another moderator closed them first. */
async function resolveReports(tx: DbOrTx, postId: number, moderatorId: number, resolution: 'unpublished' | 'dismissed', now: Date) {
  const closed = await tx
    .update(postReports)
    .set({ resolvedAt: now, resolvedBy: moderatorId, resolution })
    .where(and(eq(postReports.postId, postId), isNull(postReports.resolvedAt)))
    .returning({ id: postReports.id });
  if (closed.length === 0) throw new AppError('already_reviewed', { detail: `Post ${postId} has no open reports` });
  return closed.length;
}

/** A moderator's decision on a reported post, with the note the audit log keeps. */
type ReportDecision = { tx?: DbOrTx; moderatorId: number; postId: number; note?: string | null; now?: Date };

/**
 * Takes a reported post down: readers no longer see it, the company's numbers follow, its reports
 * are closed, the action is logged and the author is told the reason (and may edit and send the
 * post again). The published revision becomes a rejected one, so the edit form and /mypage show
 * the reason like any rejection.
 */
export async function unpublishPost(options: ReportDecision & { reason: RejectionReason }): Promise<void> {
  await inTransaction(options.tx, async (tx) => {
    const post = await lockPost(tx, options.postId);
    const now = options.now ?? new Date();
    const note = options.note?.trim() || null;
    if (post.status !== 'published') throw new AppError('already_reviewed', { detail: `Post ${post.id} is ${post.status}` });
    const count = await resolveReports(tx, post.id, options.moderatorId, 'unpublished', now);
    const rejected = {
      status: 'rejected' as const,
      reviewedAt: now,
      reviewedBy: options.moderatorId,
      rejectionReason: options.reason,
      rejectionNote: note,
      updatedAt: now,
    };
    const [existing] = await tx
      .update(postRevisions)
      .set(rejected)
      .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.revision, post.revision)))
      .returning({ revision: postRevisions.revision });
    if (!existing) {
      // A post published without a revision row (imported, demo data) keeps its text as one.
      const content = (await getPostContent({ tx, postId: post.id })) ?? {};
      await tx
        .insert(postRevisions)
        .values({ postId: post.id, revision: post.revision, content, submittedAt: post.publishedAt, ...rejected });
    }
    await tx.update(posts).set({ status: 'rejected', updatedAt: now }).where(eq(posts.id, post.id));
    await withdrawNewPost({ tx, postId: post.id });
    if (post.companyId !== null) await refreshCompanyStats({ tx, companyIds: [post.companyId] });
    await recordModeratorAction({
      tx,
      moderatorId: options.moderatorId,
      action: 'unpublish',
      postId: post.id,
      revision: post.revision,
      reason: options.reason,
      note,
      detail: { reports: count },
    });
    if (post.authorId === null) return;
    await notifyAuthor({
      tx,
      authorId: post.authorId,
      post: { id: post.id, type: post.type, title: post.title, revision: post.revision },
      subjectName: await subjectName(tx, post),
      notice: { kind: 'unpublished', reason: options.reason, note },
    });
  });
}

/** Keeps a reported post up: its open reports are closed as dismissed, and the action logged. */
export async function dismissReports(options: ReportDecision): Promise<void> {
  await inTransaction(options.tx, async (tx) => {
    const post = await lockPost(tx, options.postId);
    const count = await resolveReports(tx, post.id, options.moderatorId, 'dismissed', options.now ?? new Date());
    await recordModeratorAction({
      tx,
      moderatorId: options.moderatorId,
      action: 'dismiss_reports',
      postId: post.id,
      revision: post.revision,
      note: options.note?.trim() || null,
      detail: { reports: count },
    });
  });
}
