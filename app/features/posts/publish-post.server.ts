import { eq } from 'drizzle-orm';
import type { z } from '../../lib/zod';
import { entrySheets, internExperiences, posts, screeningExperiences } from '../../db/schema';
import type { PostTypeKey } from '../../db/enums';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { recordActivity } from '../badges/record-activity.server';
import { refreshCompanyStats } from '../companies/refresh-company-stats.server';
import { POST_TYPE_MODULES, toPostRecord, type PostContentOf } from './types/registry';

/**
 * The content as its type's schema reads it. Whoever publishes (a moderator's approval, an
 * import, the tests) stores only what a submission would have had to pass: anything else throws
 * AppError 'validation_failed'.
 */
function checkedContent<K extends PostTypeKey>(type: K, content: PostContentOf<K>): PostContentOf<K> {
  const schema: z.ZodType = POST_TYPE_MODULES[type].schema;
  const parsed = schema.safeParse(content);
  if (parsed.success) return parsed.data as PostContentOf<K>;
  const issues = parsed.error.issues;
  throw new AppError('validation_failed', {
    detail: `Invalid ${type} content: ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    fields: Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
  });
}

/**
 * Stores complete content as a published post, at revision 1 and without a revision row, the
 * way imported posts and the demo data are stored (see posts.revision in db/schema.ts): the
 * posts row and its type's detail row from the type module, the company's denormalised numbers,
 * and the author's badges, all in one transaction. `authorId` is null only for imported
 * employee word of mouth, which earns no one a badge.
 * Throws AppError 'validation_failed' when the content does not pass its type's schema or the
 * post has no subject (a company, or a recruit service for a service review).
 */
export async function publishPost<K extends PostTypeKey>(options: {
  tx?: DbOrTx;
  type: K;
  authorId: number | null;
  /** Every type but recruit_service_review. */
  companyId?: number | null;
  /** recruit_service_review only. */
  recruitServiceId?: number | null;
  content: PostContentOf<K>;
  /** When it went live; now by default. */
  publishedAt?: Date;
  /** When it was sent for review; the publication time by default. */
  submittedAt?: Date;
  /**
   * The post's id in the file it is imported from (社員クチコミ). A post with this id already
   * stored is left as it is (ON CONFLICT DO NOTHING on the unique index, so two imports of one
   * file running at once store it once): the answer is then that post, with `alreadyImported`.
   */
  importSourceId?: string;
}): Promise<{ postId: number; newBadgeKindIds: number[]; alreadyImported?: true }> {
  const { type } = options;
  const companyId = options.companyId ?? null;
  const recruitServiceId = options.recruitServiceId ?? null;
  const isServiceReview = type === 'recruit_service_review';
  // Checked here rather than left to posts_subject_check, whose error would abort the caller's
  // transaction without saying what was wrong.
  if (isServiceReview ? recruitServiceId === null || companyId !== null : companyId === null || recruitServiceId !== null) {
    throw new AppError('validation_failed', {
      detail: `A published ${type} needs ${isServiceReview ? 'a recruit service and no company' : 'a company and no recruit service'}`,
    });
  }
  const { intern, screening, entrySheet, ...texts } = toPostRecord(type, checkedContent(type, options.content));
  const publishedAt = options.publishedAt ?? new Date();
  const submittedAt = options.submittedAt ?? publishedAt;

  return inTransaction(options.tx, async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        type,
        status: 'published',
        authorId: options.authorId,
        companyId,
        recruitServiceId,
        ...texts,
        revision: 1,
        importSourceId: options.importSourceId ?? null,
        submittedAt,
        publishedAt,
      })
      .onConflictDoNothing({ target: posts.importSourceId })
      .returning({ id: posts.id });
    if (!row) {
      const [stored] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.importSourceId, options.importSourceId!));
      return { postId: stored!.id, newBadgeKindIds: [], alreadyImported: true as const };
    }
    const postId = row.id;
    // intern_experiences copies the company so that per-company averages are one index scan.
    if (intern) await tx.insert(internExperiences).values({ postId, companyId: companyId!, ...intern });
    if (screening) await tx.insert(screeningExperiences).values({ postId, ...screening });
    if (entrySheet) await tx.insert(entrySheets).values({ postId, ...entrySheet });
    if (companyId !== null) await refreshCompanyStats({ tx, companyIds: [companyId] });

    if (options.authorId === null) return { postId, newBadgeKindIds: [] };
    // A published post was submitted first: both activities, so that the live grants match
    // what the backfill reads from submitted_at and status.
    const submitted = await recordActivity({ tx, userId: options.authorId, activity: { type: 'post_submitted', postType: type } });
    const published = await recordActivity({ tx, userId: options.authorId, activity: { type: 'post_published', postType: type } });
    return { postId, newBadgeKindIds: [...submitted, ...published].sort((a, b) => a - b) };
  });
}

/** One imported post: complete content of a company, and its id in the file it comes from. */
export type ImportedPost<K extends PostTypeKey> = {
  companyId: number;
  content: PostContentOf<K>;
  publishedAt?: Date;
  importSourceId: string;
};

/**
 * Stores many imported posts (社員クチコミ) at once, as publishPost stores one with an
 * `importSourceId` and no author: one INSERT for all of them, the posts whose source id is
 * stored already left as they are (ON CONFLICT DO NOTHING), then the companies' numbers once.
 * Only for types without detail rows (the import's). Answers the new posts' ids by source id.
 */
export async function publishImportedPosts<K extends PostTypeKey>(options: {
  tx?: DbOrTx;
  type: K;
  posts: readonly ImportedPost<K>[];
}): Promise<Map<string, number>> {
  const { type } = options;
  if (options.posts.length === 0) return new Map();
  const now = new Date();
  const values = options.posts.map((post) => {
    const { intern, screening, entrySheet, ...texts } = toPostRecord(type, checkedContent(type, post.content));
    if (intern || screening || entrySheet) throw new Error(`publishImportedPosts cannot store ${type}: it has detail rows`);
    const publishedAt = post.publishedAt ?? now;
    return {
      type,
      status: 'published' as const,
      authorId: null,
      companyId: post.companyId,
      recruitServiceId: null,
      ...texts,
      revision: 1,
      importSourceId: post.importSourceId,
      submittedAt: publishedAt,
      publishedAt,
    };
  });
  return inTransaction(options.tx, async (tx) => {
    const inserted = await tx
      .insert(posts)
      .values(values)
      .onConflictDoNothing({ target: posts.importSourceId })
      .returning({ id: posts.id, sourceId: posts.importSourceId, companyId: posts.companyId });
    const companyIds = [...new Set(inserted.map((row) => row.companyId!))];
    await refreshCompanyStats({ tx, companyIds });
    return new Map(inserted.map((row) => [row.sourceId!, row.id]));
  });
}
