import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import type { PostTypeKey } from '../../db/enums';
import {
  companies,
  entrySheets,
  internExperiences,
  posts,
  recruitServices,
  screeningExperiences,
  users,
  type PostSection,
} from '../../db/schema';
import { withPostSubject } from './post-subject.server';
import { postFacts, type PostFacts } from './post-facts';
import type { PostRecord } from './types/post-type-module';
import { fromPostRecord } from './types/registry';

export type PostDetail = {
  id: number;
  type: PostTypeKey;
  title: string;
  sections: PostSection[];
  /** The structured part, from the type's content (never the texts: those are `sections`). */
  facts: PostFacts;
  usefulCount: number;
  publishedAt: string;
  company: { id: number; name: string } | null;
  recruitService: { id: number; name: string } | null;
  /** The post's own 卒業年度 (its content's field), when the author gave one. */
  graduationYear: number | null;
  /** What is shown of the author, from the profile as it is today: never the name or email. */
  author: { graduationYear: number | null; graduationKind: string; faculty: string | null } | null;
};

/** A published post of the given type, or null (unknown, unpublished or of another type). */
export async function getPost(options: { postId: number; type: PostTypeKey }): Promise<PostDetail | null> {
  const [row] = await withPostSubject(
    db()
      .select({
        post: posts,
        companyName: companies.name,
        serviceName: recruitServices.name,
        authorGraduationYear: users.graduationYear,
        authorGraduationKind: users.graduationKind,
        authorFaculty: users.faculty,
        intern: internExperiences,
        screening: screeningExperiences,
        entrySheet: entrySheets,
      })
      .from(posts)
      .$dynamic(),
  )
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(internExperiences, eq(internExperiences.postId, posts.id))
    .leftJoin(screeningExperiences, eq(screeningExperiences.postId, posts.id))
    .leftJoin(entrySheets, eq(entrySheets.postId, posts.id))
    .where(and(eq(posts.id, options.postId), eq(posts.type, options.type), eq(posts.status, 'published')));
  if (!row) return null;
  const { post } = row;
  // The stored post as its type module reads it: the one mapping between rows and content.
  const record: PostRecord = {
    title: post.title,
    sections: post.sections,
    attributes: post.attributes,
    intern: row.intern ?? undefined,
    screening: row.screening ?? undefined,
    entrySheet: row.entrySheet ?? undefined,
  };
  const content = fromPostRecord(post.type, record);
  return {
    id: post.id,
    type: post.type,
    title: post.title,
    sections: post.sections,
    facts: postFacts(content),
    graduationYear: 'graduationYear' in content && typeof content.graduationYear === 'number' ? content.graduationYear : null,
    usefulCount: post.usefulCount,
    publishedAt: (post.publishedAt ?? post.createdAt).toISOString(),
    company: post.companyId && row.companyName ? { id: post.companyId, name: row.companyName } : null,
    recruitService: post.recruitServiceId && row.serviceName ? { id: post.recruitServiceId, name: row.serviceName } : null,
    author: post.authorId
      ? {
          graduationYear: row.authorGraduationYear,
          graduationKind: row.authorGraduationKind ?? 'undergraduate',
          faculty: row.authorFaculty,
        }
      : null,
  };
}

/**
 * The content of a published post as its form edits it (its type module's fields, without the
 * type tag), or null when the post is not published.
 */
export async function getPostContent(options: { tx?: DbOrTx; postId: number }): Promise<Record<string, unknown> | null> {
  const [row] = await orDb(options.tx)
    .select({ post: posts, intern: internExperiences, screening: screeningExperiences, entrySheet: entrySheets })
    .from(posts)
    .leftJoin(internExperiences, eq(internExperiences.postId, posts.id))
    .leftJoin(screeningExperiences, eq(screeningExperiences.postId, posts.id))
    .leftJoin(entrySheets, eq(entrySheets.postId, posts.id))
    .where(and(eq(posts.id, options.postId), eq(posts.status, 'published')));
  if (!row) return null;
  const record: PostRecord = {
    title: row.post.title,
    sections: row.post.sections,
    attributes: row.post.attributes,
    intern: row.intern ?? undefined,
    screening: row.screening ?? undefined,
    entrySheet: row.entrySheet ?? undefined,
  };
  const { type: _type, ...content } = fromPostRecord(row.post.type, record);
  return content;
}
