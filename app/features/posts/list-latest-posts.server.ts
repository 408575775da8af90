import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, posts, recruitServices } from '../../db/schema';
import { withPostSubject } from './post-subject.server';
import { newestFirst } from './newest-first';
import { excerpt } from '../../lib/format';
import type { PostTypeKey } from '../../db/enums';

export type PostSummary = {
  id: number;
  type: PostTypeKey;
  title: string;
  excerpt: string;
  companyId: number | null;
  companyName: string | null;
  recruitServiceId: number | null;
  recruitServiceName: string | null;
  publishedAt: string;
  usefulCount: number;
};

/** The newest published posts of every type, newest first. */
export async function listLatestPosts(options: { limit: number }): Promise<PostSummary[]> {
  const rows = await withPostSubject(
    db()
      .select({
        id: posts.id,
        type: posts.type,
        title: posts.title,
        sections: posts.sections,
        companyId: posts.companyId,
        companyName: companies.name,
        recruitServiceId: posts.recruitServiceId,
        recruitServiceName: recruitServices.name,
        publishedAt: posts.publishedAt,
        usefulCount: posts.usefulCount,
      })
      .from(posts)
      .$dynamic(),
  )
    .where(and(eq(posts.status, 'published')))
    .orderBy(...newestFirst)
    .limit(options.limit);
  return rows.map(({ sections, publishedAt, ...row }) => ({
    ...row,
    excerpt: excerpt(sections[0]?.body ?? '', 60),
    publishedAt: (publishedAt ?? new Date(0)).toISOString(),
  }));
}
