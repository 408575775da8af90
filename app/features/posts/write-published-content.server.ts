import { eq } from 'drizzle-orm';
import type { z } from '../../lib/zod';
import type { PostTypeKey } from '../../db/enums';
import { entrySheets, internExperiences, posts, screeningExperiences } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { POST_TYPE_MODULES, toPostRecord, type PostContentOf } from './types/registry';

/**
 * Makes `content` what readers see of an existing post (docs/decisions/022-post-revisions.md):
 * the posts row's texts and its type's detail row, from the type module, at revision `revision`.
 * The content must pass the type's full schema (a moderator approves only what a submission had
 * to pass). The caller owns the transaction, the post's status and the company's numbers.
 */
export async function writePublishedContent(options: {
  tx: DbOrTx;
  postId: number;
  type: PostTypeKey;
  /** The post's company; intern experiences copy it into their detail row. */
  companyId: number | null;
  revision: number;
  content: unknown;
  publishedAt: Date;
}): Promise<void> {
  const { tx, postId, type } = options;
  const schema: z.ZodType = POST_TYPE_MODULES[type].schema;
  const parsed = schema.safeParse(options.content);
  if (!parsed.success) {
    throw new AppError('validation_failed', {
      detail: `Post ${postId}: invalid ${type} content: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    });
  }
  const { intern, screening, entrySheet, ...texts } = toPostRecord(type, parsed.data as PostContentOf<typeof type>);
  await tx
    .update(posts)
    .set({ ...texts, status: 'published', revision: options.revision, publishedAt: options.publishedAt, updatedAt: new Date() })
    .where(eq(posts.id, postId));
  if (intern) {
    if (options.companyId === null) throw new AppError('validation_failed', { detail: `Post ${postId} has no company` });
    const row = { ...intern, companyId: options.companyId };
    await tx
      .insert(internExperiences)
      .values({ postId, ...row })
      .onConflictDoUpdate({ target: internExperiences.postId, set: row });
  }
  if (screening) {
    await tx
      .insert(screeningExperiences)
      .values({ postId, ...screening })
      .onConflictDoUpdate({ target: screeningExperiences.postId, set: screening });
  }
  if (entrySheet) {
    await tx
      .insert(entrySheets)
      .values({ postId, ...entrySheet })
      .onConflictDoUpdate({ target: entrySheets.postId, set: entrySheet });
  }
}
