// What the drafts and the submission of a post share (docs/decisions/025-posting.md): the
// author's own post, its open revision and the number of its next one, a draft's content checked
// with its type's lenient schema, and the subject checked to exist.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from '../../lib/zod';
import { companies, postRevisions, posts, recruitServices } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { errorsByPath } from '../../lib/form';
import { POST_TYPE_MODULES } from '../posts/types/registry';
import { isWritableType, type WritableType } from './writable-types';

/** What a post is about: a company, or a job-hunting service for a service review. */
export type Subject = { companyId: number | null; recruitServiceId: number | null };

/** Checks a draft's content with its type's lenient schema: any part, within the limits. */
export function parseDraft(type: WritableType, content: unknown): Record<string, unknown> {
  const schema: z.ZodType = POST_TYPE_MODULES[type].draftSchema;
  const parsed = schema.safeParse(content ?? {});
  if (!parsed.success) {
    throw new AppError('validation_failed', { detail: `Invalid ${type} draft`, fields: errorsByPath(parsed.error) });
  }
  return parsed.data as Record<string, unknown>;
}

/** The subject a post of `type` may have, checked to exist (null parts stay null in a draft). */
export async function checkSubject(handle: DbOrTx, type: WritableType, subject: Subject, required: boolean): Promise<Subject> {
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

export type OwnedPost = typeof posts.$inferSelect;

/** The student's own post, or 404 (another student's post is as unknown as a missing one). */
export async function ownPost(handle: DbOrTx, userId: number, postId: number, lock = false): Promise<OwnedPost & { type: WritableType }> {
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
export function nextRevision(postId: number) {
  return sql`(SELECT greatest(coalesce(max(r.revision), 0), p.revision) + 1
              FROM posts p LEFT JOIN post_revisions r ON r.post_id = p.id
              WHERE p.id = ${postId} GROUP BY p.revision)`;
}

/** The post's open revision (draft or submitted), if any. */
export async function openRevision(handle: DbOrTx, postId: number) {
  const [revision] = await handle
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), inArray(postRevisions.status, ['draft', 'submitted'])));
  return revision;
}
