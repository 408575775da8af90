import { and, eq } from 'drizzle-orm';
import type { PostTypeKey } from '../../db/enums';
import { posts } from '../../db/schema';
import { publishedPostPage } from './published-post-page.server';

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
  const { rows, ...counts } = await publishedPostPage(and(eq(posts.companyId, options.companyId), eq(posts.type, options.type)), options);
  return {
    ...counts,
    posts: rows.map(({ id, title, excerpt, publishedAt, usefulCount }) => ({ id, title, excerpt, publishedAt, usefulCount })),
  };
}
