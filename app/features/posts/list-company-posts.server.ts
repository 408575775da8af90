import { and, count, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { posts } from '../../db/schema';
import { newestFirst } from './newest-first';
import { excerpt } from '../../lib/format';
import type { PostTypeKey } from '../../db/enums';
import { pageOf } from '../../lib/pagination';

export type CompanyPostPage = {
  total: number;
  page: number;
  pageCount: number;
  posts: Array<{ id: number; title: string; excerpt: string; publishedAt: string; usefulCount: number }>;
};

/** One page of a company's published posts of one type, newest first. */
export async function listCompanyPosts(options: {
  companyId: number;
  type: PostTypeKey;
  page: number;
  perPage: number;
}): Promise<CompanyPostPage> {
  const where = and(eq(posts.companyId, options.companyId), eq(posts.type, options.type), eq(posts.status, 'published'));
  const [totalRow] = await db().select({ n: count() }).from(posts).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, offset } = pageOf({ total, page: options.page, perPage: options.perPage });
  const rows = await db()
    .select({ id: posts.id, title: posts.title, sections: posts.sections, publishedAt: posts.publishedAt, usefulCount: posts.usefulCount })
    .from(posts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(options.perPage)
    .offset(offset);
  return {
    total,
    page,
    pageCount,
    posts: rows.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: excerpt(row.sections[0]?.body ?? '', 90),
      publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
      usefulCount: row.usefulCount,
    })),
  };
}
