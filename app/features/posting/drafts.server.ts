// The author's drafts (docs/decisions/025-posting.md): created on the first keystroke and saved
// while the student types, each save checked against the draft's lock version; the post's next
// revision when a published or rejected post is edited; reading and deleting drafts. What the
// author writes lives in post_revisions; posts holds what readers see. Sending a post for review
// is submit-post.server.ts; what both share is author-post.server.ts.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, writeRows } from '../../db/client.server';
import type { PostTypeKey } from '../../db/enums';
import { postRevisions, posts } from '../../db/schema';
import { inTransaction, orDb, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { getPostContent } from '../posts/get-post.server';
import { checkSubject, nextRevision, openRevision, type OwnedPost, ownPost, parseDraft, type Subject } from './author-post.server';
import { isWritableType, type WritableType } from './writable-types';

export type { Subject } from './author-post.server';

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

/** The type of the student's own post, or not_found (the edit form's action needs no more). */
export async function ownPostType(options: { tx?: DbOrTx; userId: number; postId: number }): Promise<WritableType> {
  return (await ownPost(orDb(options.tx), options.userId, options.postId)).type;
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
 * Stores a draft's text on the version the tab saw: the one statement of every autosave (the
 * text only on that version, the post's last change being the revision's). It finds no row for
 * another student's post, another type, a stale version, a post in review or, when `subject` is
 * given, a never-sent draft whose subject is not that one; the caller then says why.
 * Raw SQL on purpose: this is the statement of every autosave, kept as measured
 * (docs/decisions/025-posting.md), and its subject check (IS NOT DISTINCT FROM) would be SQL
 * fragments inside the builder anyway.
 */
async function storeDraftText(
  handle: DbOrTx,
  draft: {
    userId: number;
    postId: number;
    type: WritableType;
    lockVersion: number;
    content: Record<string, unknown>;
    saveId: string | null;
  },
  subject: Subject | null,
): Promise<SaveResult | null> {
  const [row] = await writeRows<{ lock_version: number; updated_at: Date | string }>(
    sql`UPDATE post_revisions r
        SET content = ${JSON.stringify(draft.content)}::jsonb, lock_version = r.lock_version + 1, updated_at = now(), last_save_id = ${draft.saveId}::uuid
        FROM posts p
        WHERE r.post_id = ${draft.postId} AND r.status = 'draft' AND r.lock_version = ${draft.lockVersion}
          AND p.id = r.post_id AND p.author_id = ${draft.userId} AND p.type = ${draft.type}
          AND (${subject === null}::boolean OR p.status <> 'draft'
            OR (p.company_id IS NOT DISTINCT FROM ${subject?.companyId ?? null}::int
              AND p.recruit_service_id IS NOT DISTINCT FROM ${subject?.recruitServiceId ?? null}::int))
        RETURNING r.lock_version, r.updated_at`,
    handle,
  );
  return row ? { postId: draft.postId, lockVersion: row.lock_version, savedAt: new Date(row.updated_at).toISOString() } : null;
}

/**
 * Starts the next revision of a published or rejected post (lock version 0); the open-revision
 * key refuses a second one from another tab (no row).
 */
async function startNextRevision(
  handle: DbOrTx,
  post: OwnedPost,
  content: Record<string, unknown>,
  saveId: string | null,
): Promise<SaveResult | null> {
  if (post.status === 'draft') throw new AppError('stale_revision', { detail: `Post ${post.id} already has a draft` });
  const [saved] = await handle
    .insert(postRevisions)
    .values({ postId: post.id, revision: nextRevision(post.id), status: 'draft', content, lastSaveId: saveId })
    .onConflictDoNothing()
    .returning({ lockVersion: postRevisions.lockVersion, updatedAt: postRevisions.updatedAt });
  return saved ? { postId: post.id, lockVersion: saved.lockVersion, savedAt: saved.updatedAt.toISOString() } : null;
}

/**
 * Saves what the student typed. `lockVersion` is the version the form last got: a save based on
 * an older one (another tab saved since) is refused with stale_revision (409), so no text is
 * overwritten silently. Lock version 0 starts the next revision of a published or rejected post.
 * A post in review cannot be changed (post_in_review, 409).
 *
 * One save: the text is stored by one statement (storeDraftText). When the form names its type,
 * that statement is tried first and is the whole save of a student typing; when it finds no row,
 * or the type is not given, the post is read to check it (404, the content for its own type, a
 * new subject), the same statement stores the text, and a refusal says why.
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
  const { userId, postId, lockVersion } = options;
  const saveId = options.saveId ?? null;
  if (options.type && lockVersion > 0) {
    const content = parseDraft(options.type, options.content);
    const saved = await storeDraftText(
      handle,
      { userId, postId, type: options.type, lockVersion, content, saveId },
      options.subject ?? null,
    );
    if (saved) return saved;
  }
  const post = await ownPost(handle, userId, postId);
  const content = parseDraft(post.type, options.content);
  // Until it is first sent, a draft may change its company (or service); checked only when it does.
  const wanted = options.subject;
  const moved =
    post.status === 'draft' &&
    wanted !== undefined &&
    (wanted.companyId !== post.companyId || wanted.recruitServiceId !== post.recruitServiceId);
  const subject = moved ? await checkSubject(handle, post.type, wanted, false) : null;

  const saved =
    lockVersion === 0
      ? await startNextRevision(handle, post, content, saveId)
      : await storeDraftText(handle, { userId, postId: post.id, type: post.type, lockVersion, content, saveId }, null);
  if (!saved) {
    const open = await openRevision(handle, post.id);
    if (open?.status === 'submitted') throw new AppError('post_in_review', { detail: `Post ${post.id} is in review` });
    throw new AppError('stale_revision', { detail: `Post ${post.id}: lock version ${lockVersion} is not the current one` });
  }
  // A never-sent draft moved to another company: the post's own row, after the text is safe.
  if (subject)
    await handle
      .update(posts)
      .set(subject)
      .where(and(eq(posts.id, post.id), eq(posts.status, 'draft')));
  return saved;
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
