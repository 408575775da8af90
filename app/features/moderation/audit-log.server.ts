// The audit log of moderator actions (moderation_events, append-only by a trigger): every
// decision on a post, every closing of its reports and every change to a company or a service
// is one row, written in the transaction of the change it records.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModerationAction, RejectionReason } from '../../db/enums';
import { companies, moderationEvents, pointEntries, posts, recruitServices, users } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';

export type ModeratorActionInput = {
  tx?: DbOrTx;
  moderatorId: number;
  action: ModerationAction;
  /** A decision on a post (approve, reject, unpublish, dismiss_reports) names the post and its revision. */
  postId?: number;
  revision?: number;
  companyId?: number;
  recruitServiceId?: number;
  reason?: RejectionReason | null;
  note?: string | null;
  /** What changed: a company's fields, an import's counts. */
  detail?: Record<string, unknown> | null;
};

export async function recordModeratorAction(input: ModeratorActionInput): Promise<void> {
  await orDb(input.tx)
    .insert(moderationEvents)
    .values({
      moderatorId: input.moderatorId,
      action: input.action,
      postId: input.postId ?? null,
      revision: input.revision ?? null,
      companyId: input.companyId ?? null,
      recruitServiceId: input.recruitServiceId ?? null,
      reason: input.reason ?? null,
      note: input.note || null,
      detail: input.detail ?? null,
    });
}

/**
 * Joins an approval to the points it credited: the credit of a first publication is written in
 * the approval's transaction, so at the same now(). A later approval of the post credits nothing.
 */
export const creditOfApproval = and(
  eq(moderationEvents.action, 'approve'),
  eq(pointEntries.postId, moderationEvents.postId),
  eq(pointEntries.reason, 'post_published'),
  eq(pointEntries.createdAt, moderationEvents.createdAt),
);

export type AuditLogEntry = {
  id: number;
  at: Date;
  moderator: string;
  action: ModerationAction;
  postId: number | null;
  postTitle: string | null;
  revision: number | null;
  companyId: number | null;
  companyName: string | null;
  recruitServiceId: number | null;
  serviceName: string | null;
  reason: RejectionReason | null;
  note: string | null;
  detail: Record<string, unknown> | null;
};

export const AUDIT_LOG_PAGE_SIZE = 50;

/** The newest actions first, a page at a time. */
export async function listModeratorActions(options: { tx?: DbOrTx; page?: number; postId?: number } = {}): Promise<{
  entries: AuditLogEntry[];
  total: number;
}> {
  const handle = orDb(options.tx);
  const page = Math.max(1, options.page ?? 1);
  const moderator = alias(users, 'moderator');
  const where = options.postId === undefined ? undefined : eq(moderationEvents.postId, options.postId);
  const [rows, [counted]] = await Promise.all([
    handle
      .select({
        id: moderationEvents.id,
        at: moderationEvents.createdAt,
        moderatorName: moderator.name,
        moderatorEmail: moderator.email,
        action: moderationEvents.action,
        postId: moderationEvents.postId,
        postTitle: posts.title,
        revision: moderationEvents.revision,
        companyId: moderationEvents.companyId,
        companyName: companies.name,
        recruitServiceId: moderationEvents.recruitServiceId,
        serviceName: recruitServices.name,
        reason: moderationEvents.reason,
        note: moderationEvents.note,
        detail: moderationEvents.detail,
      })
      .from(moderationEvents)
      .innerJoin(moderator, eq(moderator.id, moderationEvents.moderatorId))
      .leftJoin(posts, eq(posts.id, moderationEvents.postId))
      .leftJoin(companies, eq(companies.id, moderationEvents.companyId))
      .leftJoin(recruitServices, eq(recruitServices.id, moderationEvents.recruitServiceId))
      .where(where)
      .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id))
      .limit(AUDIT_LOG_PAGE_SIZE)
      .offset((page - 1) * AUDIT_LOG_PAGE_SIZE),
    handle.select({ total: sql<number>`count(*)::int` }).from(moderationEvents).where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    entries: rows.map(({ moderatorName, moderatorEmail, ...row }) => ({ ...row, moderator: moderatorName || moderatorEmail })),
  };
}
