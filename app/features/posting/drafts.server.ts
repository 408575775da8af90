// The author's side of a post (docs/decisions/025-posting.md): drafts created on the first
// keystroke and saved while the student types, each save checked against the draft's lock
// version; submission; and the post's next revision when a published or rejected post is
// edited. What the author writes lives in post_revisions; posts holds what readers see.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { selectRows } from '../../db/client.server';
import type { PostTypeKey } from '../../db/enums';
import { companies, postRevisions, posts, recruitServices } from '../../db/schema';
import { inTransaction, orDb, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { errorsByPath } from '../../lib/form';
import { recordActivity } from '../badges/record-activity.server';
import { getPostContent } from '../posts/get-post.server';
import { POST_TYPE_MODULES } from '../posts/types/registry';
import { isWritableType, type WritableType } from './writable-types';

/** What a post is about: a company, or a job-hunting service for a service review. */
export type Subject = { companyId: number | null; recruitServiceId: number | null };

/** A draft as the form restores it. */
export type DraftState = {
  postId: number;
  type: WritableType;
  /** The key its form made up (null for posts that did not start in a form: the demo, imports). */
  draftKey: string | null;
  /** 0 when the post has no open draft yet (a published or rejected post about to be edited). */
  lockVersion: number;
  content: Record<string, unknown>;
  subject: Subject;
  /** When the server last stored it (ISO 8601), or null for content not saved as a draft yet. */
  savedAt: string | null;
  /** The form's id of the save that stored it (null before the first save from a form). */
  lastSaveId: string | null;
};

export type SaveResult = { postId: number; lockVersion: number; savedAt: string };

/** Checks a draft's content with its type's lenient schema: any part, within the limits. */
function parseDraft(type: WritableType, content: unknown): Record<string, unknown> {
  const schema: z.ZodType = POST_TYPE_MODULES[type].draftSchema;
  const parsed = schema.safeParse(content ?? {});
  if (!parsed.success) {
    throw new AppError('validation_failed', { detail: `Invalid ${type} draft`, fields: errorsByPath(parsed.error) });
  }
  return parsed.data as Record<string, unknown>;
}

/** The subject a post of `type` may have, checked to exist (null parts stay null in a draft). */
async function checkSubject(handle: DbOrTx, type: WritableType, subject: Subject, required: boolean): Promise<Subject> {
  if (type === 'recruit_service_review') {
    const id = subject.recruitServiceId;
    if (id === null) {
      if (required) throw new AppError('validation_failed', { fields: { recruitServiceId: '口コミを書く就活サービスを選んでください。' } });
      return { companyId: null, recruitServiceId: null };
    }
    const [row] = await handle.select({ id: recruitServices.id }).from(recruitServices).where(eq(recruitServices.id, id));
    if (!row) throw new AppError('recruit_service_not_found', { detail: `Recruit service ${id} does not exist` });
    return { companyId: null, recruitServiceId: id };
  }
  const id = subject.companyId;
  if (id === null) {
    if (required) throw new AppError('validation_failed', { fields: { companyId: '企業を選んでください。' } });
    return { companyId: null, recruitServiceId: null };
  }
  const [row] = await handle.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  if (!row) throw new AppError('company_not_found', { detail: `Company ${id} does not exist` });
  return { companyId: id, recruitServiceId: null };
}

type OwnedPost = typeof posts.$inferSelect;

/** The student's own post, or 404 (another student's post is as unknown as a missing one). */
async function ownPost(handle: DbOrTx, userId: number, postId: number, lock = false): Promise<OwnedPost & { type: WritableType }> {
  const query = handle
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, userId)));
  const [post] = lock ? await query.for('update') : await query;
  if (!post || !isWritableType(post.type)) throw new AppError('not_found', { detail: `Post ${postId} is not a post of user ${userId}` });
  return post as OwnedPost & { type: WritableType };
}

/**
 * The number of a post's next revision: after every revision it has, and after the one readers
 * see (a post published without revision rows, from the demo data or an import, is at 1).
 */
function nextRevision(postId: number) {
  return sql`(SELECT greatest(coalesce(max(r.revision), 0), p.revision) + 1
              FROM posts p LEFT JOIN post_revisions r ON r.post_id = p.id
              WHERE p.id = ${postId} GROUP BY p.revision)`;
}

/** The type of the student's own post, or not_found (the edit form's action needs no more). */
export async function ownPostType(options: { tx?: DbOrTx; userId: number; postId: number }): Promise<WritableType> {
  return (await ownPost(orDb(options.tx), options.userId, options.postId)).type;
}

/** The post's open revision (draft or submitted), if any. */
async function openRevision(handle: DbOrTx, postId: number) {
  const [revision] = await handle
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), inArray(postRevisions.status, ['draft', 'submitted'])));
  return revision;
}

/**
 * Creates the student's draft on the first keystroke. Idempotent by `draftKey`, which the form
 * made up: a doubled or retried create returns the same post (created: false), and the caller
 * then saves its newer content with the lock version it gets back.
 */
export async function createDraft(options: {
  tx?: DbOrTx;
  userId: number;
  type: PostTypeKey;
  draftKey: string;
  subject: Subject;
  content: unknown;
  saveId?: string;
}): Promise<SaveResult & { created: boolean }> {
  const type = options.type;
  if (!isWritableType(type)) throw new AppError('invalid_request', { detail: `${type} has no posting form` });
  const content = parseDraft(type, options.content);
  return inTransaction(options.tx, async (tx) => {
    const subject = await checkSubject(tx, type, options.subject, false);
    const [inserted] = await tx
      .insert(posts)
      .values({ type, status: 'draft', authorId: options.userId, ...subject, draftKey: options.draftKey })
      .onConflictDoNothing({ target: [posts.authorId, posts.draftKey] })
      .returning({ id: posts.id });
    if (!inserted) {
      const [existing] = await tx
        .select({ id: posts.id, type: posts.type })
        .from(posts)
        .where(and(eq(posts.authorId, options.userId), eq(posts.draftKey, options.draftKey)));
      if (!existing || existing.type !== type) throw new AppError('invalid_request', { detail: 'draft key reused for another type' });
      const revision = await openRevision(tx, existing.id);
      return {
        postId: existing.id,
        lockVersion: revision?.status === 'draft' ? revision.lockVersion : 0,
        savedAt: (revision?.updatedAt ?? new Date()).toISOString(),
        created: false,
      };
    }
    const [revision] = await tx
      .insert(postRevisions)
      .values({ postId: inserted.id, revision: 1, status: 'draft', content, lastSaveId: options.saveId ?? null })
      .returning({ lockVersion: postRevisions.lockVersion, updatedAt: postRevisions.updatedAt });
    return { postId: inserted.id, lockVersion: revision!.lockVersion, savedAt: revision!.updatedAt.toISOString(), created: true };
  });
}

/**
 * Saves what the student typed. `lockVersion` is the version the form last got: a save based on
 * an older one (another tab saved since) is refused with stale_revision (409), so no text is
 * overwritten silently. Lock version 0 starts the next revision of a published or rejected post.
 * A post in review cannot be changed (post_in_review, 409).
 */
export async function saveDraft(options: {
  tx?: DbOrTx;
  userId: number;
  postId: number;
  lockVersion: number;
  subject?: Subject;
  content: unknown;
  /** The form's id of this save (a UUID). */
  saveId?: string;
  /** The type the form says it is (saves one query when it is right; checked in the statement). */
  type?: WritableType;
}): Promise<SaveResult> {
  const handle = orDb(options.tx);
  const saveId = options.saveId ?? null;
  if (options.type && options.lockVersion > 0) {
    // The common save, one statement: the student's own draft of that type, on the version the
    // tab saw, its subject unchanged. Anything else (another student, a stale version, a new
    // company, a post in review) finds no row and takes the full path below, which says why.
    const content = parseDraft(options.type, options.content);
    const subject = options.subject ?? null;
    const [row] = await selectRows<{ lock_version: number; updated_at: Date | string }>(
      sql`UPDATE post_revisions r
          SET content = ${JSON.stringify(content)}::jsonb, lock_version = r.lock_version + 1, updated_at = now(), last_save_id = ${saveId}::uuid
          FROM posts p
          WHERE r.post_id = ${options.postId} AND r.status = 'draft' AND r.lock_version = ${options.lockVersion}
            AND p.id = r.post_id AND p.author_id = ${options.userId} AND p.type = ${options.type}
            AND (${subject === null}::boolean OR p.status <> 'draft'
              OR (p.company_id IS NOT DISTINCT FROM ${subject?.companyId ?? null}::int
                AND p.recruit_service_id IS NOT DISTINCT FROM ${subject?.recruitServiceId ?? null}::int))
          RETURNING r.lock_version, r.updated_at`,
      handle,
    );
    if (row) return { postId: options.postId, lockVersion: row.lock_version, savedAt: new Date(row.updated_at).toISOString() };
  }
  const post = await ownPost(handle, options.userId, options.postId);
  const content = parseDraft(post.type, options.content);
  // Until it is first sent, a draft may change its company (or service); checked only when it does.
  const wanted = options.subject;
  const moved =
    post.status === 'draft' &&
    wanted !== undefined &&
    (wanted.companyId !== post.companyId || wanted.recruitServiceId !== post.recruitServiceId);
  const subject = moved ? await checkSubject(handle, post.type, wanted, false) : null;

  let saved: { lockVersion: number; updatedAt: Date } | undefined;
  if (options.lockVersion === 0) {
    if (post.status === 'draft') throw new AppError('stale_revision', { detail: `Post ${post.id} already has a draft` });
    // The next revision of a published or rejected post; the open-revision key refuses a second
    // one from another tab.
    [saved] = await handle
      .insert(postRevisions)
      .values({ postId: post.id, revision: nextRevision(post.id), status: 'draft', content, lastSaveId: saveId })
      .onConflictDoNothing()
      .returning({ lockVersion: postRevisions.lockVersion, updatedAt: postRevisions.updatedAt });
  } else {
    // The save of a student typing, every 2 s: one statement on the revision row alone (the
    // post's last change is the revision's), storing the text only on the version the tab saw.
    [saved] = await handle
      .update(postRevisions)
      .set({ content, lockVersion: sql`${postRevisions.lockVersion} + 1`, updatedAt: sql`now()`, lastSaveId: saveId })
      .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.status, 'draft'), eq(postRevisions.lockVersion, options.lockVersion)))
      .returning({ lockVersion: postRevisions.lockVersion, updatedAt: postRevisions.updatedAt });
  }
  if (!saved) {
    const open = await openRevision(handle, post.id);
    if (open?.status === 'submitted') throw new AppError('post_in_review', { detail: `Post ${post.id} is in review` });
    throw new AppError('stale_revision', { detail: `Post ${post.id}: lock version ${options.lockVersion} is not the current one` });
  }
  // A never-sent draft moved to another company: the post's own row, after the text is safe.
  if (subject)
    await handle
      .update(posts)
      .set(subject)
      .where(and(eq(posts.id, post.id), eq(posts.status, 'draft')));
  return { postId: post.id, lockVersion: saved.lockVersion, savedAt: saved.updatedAt.toISOString() };
}

/** The stored content of a post's latest closed revision, or of the published post itself. */
async function latestWrittenContent(handle: DbOrTx, post: OwnedPost & { type: WritableType }): Promise<Record<string, unknown>> {
  const [latest] = await handle
    .select({ content: postRevisions.content })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), inArray(postRevisions.status, ['published', 'rejected'])))
    .orderBy(desc(postRevisions.revision))
    .limit(1);
  if (latest) return latest.content;
  // A post published without a revision row (demo, import): its content from the stored post.
  return (await getPostContent({ tx: handle, postId: post.id })) ?? {};
}

/**
 * What the edit form of a post starts from: its open draft, or (for a published or rejected
 * post) the last written content with lock version 0. A post in review is not editable.
 */
export async function getDraftForEditing(options: {
  tx?: DbOrTx;
  userId: number;
  postId: number;
}): Promise<({ editable: true } & DraftState) | { editable: false; postId: number; type: WritableType }> {
  const handle = orDb(options.tx);
  const post = await ownPost(handle, options.userId, options.postId);
  const open = await openRevision(handle, post.id);
  const subject = { companyId: post.companyId, recruitServiceId: post.recruitServiceId };
  if (open?.status === 'submitted') return { editable: false, postId: post.id, type: post.type };
  if (open) {
    return {
      editable: true,
      postId: post.id,
      type: post.type,
      draftKey: post.draftKey,
      lockVersion: open.lockVersion,
      content: open.content,
      subject,
      savedAt: open.updatedAt.toISOString(),
      lastSaveId: open.lastSaveId,
    };
  }
  return {
    editable: true,
    postId: post.id,
    type: post.type,
    draftKey: post.draftKey,
    lockVersion: 0,
    content: await latestWrittenContent(handle, post),
    subject,
    savedAt: null,
    lastSaveId: null,
  };
}

/**
 * The draft a new form for (type, subject) continues: the student's most recently changed
 * never-sent post of that type and subject, so that reopening the form brings the text back.
 */
export async function findDraft(options: {
  tx?: DbOrTx;
  userId: number;
  type: WritableType;
  subject: Subject;
}): Promise<DraftState | null> {
  const handle = orDb(options.tx);
  const { companyId, recruitServiceId } = options.subject;
  const rows = await selectRows<{
    post_id: number;
    draft_key: string | null;
    lock_version: number;
    content: Record<string, unknown>;
    updated_at: Date | string;
    last_save_id: string | null;
  }>(
    sql`SELECT p.id AS post_id, p.draft_key, r.lock_version, r.content, r.updated_at, r.last_save_id
        FROM posts p JOIN post_revisions r ON r.post_id = p.id AND r.status = 'draft'
        WHERE p.author_id = ${options.userId} AND p.type = ${options.type} AND p.status = 'draft'
          AND p.company_id IS NOT DISTINCT FROM ${companyId}::int
          AND p.recruit_service_id IS NOT DISTINCT FROM ${recruitServiceId}::int
        ORDER BY r.updated_at DESC, p.id DESC
        LIMIT 1`,
    handle,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    postId: row.post_id,
    type: options.type,
    draftKey: row.draft_key,
    lockVersion: row.lock_version,
    content: row.content,
    subject: options.subject,
    savedAt: new Date(row.updated_at).toISOString(),
    lastSaveId: row.last_save_id,
  };
}

/** The draft as the server has it now (for a tab that was told another tab saved first). */
export async function getDraft(options: { tx?: DbOrTx; userId: number; postId: number }): Promise<DraftState> {
  const state = await getDraftForEditing(options);
  if (!state.editable) throw new AppError('post_in_review', { detail: `Post ${options.postId} is in review` });
  return state;
}

/**
 * Deletes a draft: a post never sent disappears; the draft of a next revision is dropped and
 * the published (or rejected) post stays as it was. 404 when there is no draft to delete.
 */
export async function deleteDraft(options: { tx?: DbOrTx; userId: number; postId: number }): Promise<void> {
  await inTransaction(options.tx, async (tx) => {
    const post = await ownPost(tx, options.userId, options.postId, true);
    if (post.status === 'draft') {
      await tx.delete(posts).where(eq(posts.id, post.id));
      return;
    }
    const deleted = await tx
      .delete(postRevisions)
      .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.status, 'draft')))
      .returning({ revision: postRevisions.revision });
    if (deleted.length === 0) throw new AppError('not_found', { detail: `Post ${post.id} has no draft` });
    await tx.update(posts).set({ updatedAt: new Date() }).where(eq(posts.id, post.id));
  });
}

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
