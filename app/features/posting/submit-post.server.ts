// Sending a post for review (docs/decisions/025-posting.md): idempotent per draft, checked
// against the version the form saw, with the submit badges granted in the same transaction.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from '../../lib/zod';
import type { PostTypeKey } from '../../db/enums';
import { postRevisions, posts } from '../../db/schema';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { errorsByPath } from '../../lib/form';
import { recordActivity } from '../badges/record-activity.server';
import { POST_TYPE_MODULES } from '../posts/types/registry';
import { checkSubject, nextRevision, openRevision, ownPost, type Subject } from './author-post.server';
import { isWritableType } from './writable-types';

export type SubmitResult = {
  postId: number;
  /** False when this draft had already been sent (a double tap, a retry, another tab). */
  submitted: boolean;
  newBadgeKindIds: number[];
};

/**
 * One student's submissions one at a time, so that counting them (badge 410) sees each other.
 * NO KEY UPDATE, not UPDATE: a badge granted to the same student meanwhile (a first clip or vote
 * of one of their posts, 413/414, inside a transaction that holds the post's row) takes a key
 * share of the users row for its foreign key; FOR UPDATE would make it wait while the submission
 * waits for that post's row, a deadlock.
 */
export async function lockSubmissionsOf(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}

/**
 * Sends a post for review (審査中). Idempotent per draft: the post is found by its id or by the
 * form's draft key (a form sent before its first autosave), locked, and a revision already in
 * review is reported as sent. The content must pass the type's full schema (the same as the
 * form's); the submit badges (401–410) are granted in the same transaction.
 */
export async function submitPost(options: {
  tx?: DbOrTx;
  userId: number;
  type: PostTypeKey;
  postId: number | null;
  draftKey: string | null;
  lockVersion: number | null;
  subject: Subject;
  content: unknown;
}): Promise<SubmitResult> {
  const type = options.type;
  if (!isWritableType(type)) throw new AppError('invalid_request', { detail: `${type} has no posting form` });
  const schema: z.ZodType = POST_TYPE_MODULES[type].schema;
  const parsed = schema.safeParse(options.content);
  if (!parsed.success) throw new AppError('validation_failed', { detail: `Invalid ${type}`, fields: errorsByPath(parsed.error) });
  const content = parsed.data as Record<string, unknown>;

  return inTransaction(options.tx, async (tx) => {
    await lockSubmissionsOf(tx, options.userId);
    let postId = options.postId;
    // A form sent before its first autosave (or without JavaScript) names its draft by key only.
    const byKeyOnly = postId === null;
    if (postId === null && options.draftKey) {
      const [existing] = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.authorId, options.userId), eq(posts.draftKey, options.draftKey)));
      postId = existing?.id ?? null;
    }
    const now = new Date();
    if (postId === null) {
      const subject = await checkSubject(tx, type, options.subject, true);
      const [created] = await tx
        .insert(posts)
        .values({ type, status: 'draft', authorId: options.userId, ...subject, draftKey: options.draftKey })
        .returning({ id: posts.id });
      postId = created!.id;
    }
    const post = await ownPost(tx, options.userId, postId, true);
    if (post.type !== type) throw new AppError('invalid_request', { detail: `Post ${post.id} is a ${post.type}` });
    const open = await openRevision(tx, post.id);
    if (open?.status === 'submitted') return { postId: post.id, submitted: false, newBadgeKindIds: [] };
    // The form must have seen the draft it sends: another tab's newer text is never replaced by
    // an older one (a form of a published post at version 0 included). A form that names its
    // draft by key only never had a version.
    if (open && !byKeyOnly && open.lockVersion !== options.lockVersion) {
      throw new AppError('stale_revision', { detail: `Post ${post.id}: lock version ${options.lockVersion} is not the current one` });
    }
    // The subject is the form's only while the post was never sent (decision 025).
    const subject =
      post.status === 'draft'
        ? await checkSubject(tx, type, options.subject, true)
        : { companyId: post.companyId, recruitServiceId: post.recruitServiceId };

    if (open) {
      // Autosaves do not lock the post: the version in the WHERE is what keeps a save that
      // landed meanwhile from being replaced.
      const [sent] = await tx
        .update(postRevisions)
        .set({ content, status: 'submitted', submittedAt: now, lockVersion: sql`${postRevisions.lockVersion} + 1`, updatedAt: now })
        .where(
          and(
            eq(postRevisions.postId, post.id),
            eq(postRevisions.revision, open.revision),
            eq(postRevisions.lockVersion, open.lockVersion),
          ),
        )
        .returning({ revision: postRevisions.revision });
      if (!sent) throw new AppError('stale_revision', { detail: `Post ${post.id} was saved while it was being sent` });
    } else {
      await tx.insert(postRevisions).values({
        postId: post.id,
        revision: nextRevision(post.id),
        status: 'submitted',
        content,
        submittedAt: now,
      });
    }
    await tx
      .update(posts)
      .set({
        ...subject,
        // A published post stays as readers see it until the new revision is approved.
        ...(post.status === 'published' ? {} : { status: 'submitted' as const }),
        submittedAt: post.submittedAt ?? now,
        updatedAt: now,
      })
      .where(eq(posts.id, post.id));
    const newBadgeKindIds = await recordActivity({ tx, userId: options.userId, activity: { type: 'post_submitted', postType: type } });
    return { postId: post.id, submitted: true, newBadgeKindIds };
  });
}
