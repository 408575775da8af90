// What the queue confirms after a moderator's decision (docs/decisions/046): the URL names only
// the post (`/admin?decided=123`); what was decided, what it paid and whether the author was told
// are read from the audit log, the ledger and the email queue. So an edited URL cannot make the
// page claim a decision that was not made: another post, someone else's decision or an old one
// shows no confirmation at all.
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { PostTypeKey } from '../../db/enums';
import { companies, emailJobs, moderationEvents, pointEntries, postRevisions, posts, recruitServices } from '../../db/schema';
import { withPostSubject } from '../posts/post-subject.server';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { creditOfApproval } from './audit-log.server';
import type { DecisionFacts } from './decision-message';
import { decisionEmailKey } from './notify-author.server';
import { countWaiting, findNextInQueue, revisionTitle } from './review-queue.server';

/** A confirmation is for the page the decision leads to (and a reload of it), not a bookmark. */
export const CONFIRMATION_WINDOW_MS = 15 * 60 * 1000;

/** What was decided (DecisionFacts: the post, the decision, its points, whether the author was told) and what comes next. */
export type DecisionConfirmation = DecisionFacts & {
  postId: number;
  decidedAt: Date;
  /** The next post waiting under the same filters, in the queue's order. */
  next: { postId: number; type: PostTypeKey; title: string } | null;
  /** When none waits under the filters: how many wait in the whole queue. */
  waitingOverall: number;
};

/**
 * The moderator's own latest decision on the post, made in the last 15 minutes, with the next
 * post to review under the queue's filters; null when there is none.
 */
export async function getDecisionConfirmation(options: {
  tx?: DbOrTx;
  moderatorId: number;
  postId: number;
  type?: PostTypeKey | null;
  companyId?: number | null;
  now?: Date;
}): Promise<DecisionConfirmation | null> {
  const handle = orDb(options.tx);
  const since = new Date((options.now ?? new Date()).getTime() - CONFIRMATION_WINDOW_MS);
  const [event] = await withPostSubject(
    handle
      .select({
        action: moderationEvents.action,
        revision: moderationEvents.revision,
        reason: moderationEvents.reason,
        at: moderationEvents.createdAt,
        type: posts.type,
        title: revisionTitle,
        company: companies.name,
        service: recruitServices.name,
        points: pointEntries.amount,
      })
      .from(moderationEvents)
      .innerJoin(posts, eq(posts.id, moderationEvents.postId))
      .leftJoin(
        postRevisions,
        and(eq(postRevisions.postId, moderationEvents.postId), eq(postRevisions.revision, moderationEvents.revision)),
      )
      .$dynamic(),
  )
    .leftJoin(pointEntries, creditOfApproval)
    .where(
      and(
        eq(moderationEvents.postId, options.postId),
        eq(moderationEvents.moderatorId, options.moderatorId),
        inArray(moderationEvents.action, ['approve', 'reject']),
        gte(moderationEvents.createdAt, since),
      ),
    )
    .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id))
    .limit(1);
  if (!event || event.revision === null) return null;
  const decision = event.action === 'approve' ? 'approve' : 'reject';
  const revision = event.revision;

  const [email, next] = await Promise.all([
    handle
      .select({ id: emailJobs.id })
      .from(emailJobs)
      .where(eq(emailJobs.dedupeKey, decisionEmailKey(decision === 'approve' ? 'published' : 'rejected', { id: options.postId, revision })))
      .limit(1),
    findNextInQueue({ tx: handle, type: options.type, companyId: options.companyId, after: { postId: options.postId, revision } }),
  ]);
  return {
    postId: options.postId,
    decision,
    type: event.type,
    title: event.title,
    subject: event.company ?? event.service ?? null,
    reason: decision === 'reject' ? event.reason : null,
    points: event.points ?? 0,
    authorTold: email.length > 0,
    decidedAt: event.at,
    next,
    waitingOverall: next ? 0 : await countWaiting({ tx: handle }),
  };
}
