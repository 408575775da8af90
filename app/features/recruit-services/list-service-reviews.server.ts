import { and, count, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { posts } from '../../db/schema';
import { newestFirst } from '../posts/newest-first';
import { excerpt } from '../../lib/format';
import { pageOf } from '../../lib/pagination';

export type ServiceReviewPage = {
  total: number;
  page: number;
  pageCount: number;
  reviews: Array<{ id: number; title: string; excerpt: string; rating: number | null; publishedAt: string }>;
};

export async function listServiceReviews(options: { serviceId: number; page: number; perPage: number }): Promise<ServiceReviewPage> {
  const where = and(eq(posts.recruitServiceId, options.serviceId), eq(posts.status, 'published'));
  const [totalRow] = await db().select({ n: count() }).from(posts).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, offset } = pageOf({ total, page: options.page, perPage: options.perPage });
  const rows = await db()
    .select({ id: posts.id, title: posts.title, sections: posts.sections, attributes: posts.attributes, publishedAt: posts.publishedAt })
    .from(posts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(options.perPage)
    .offset(offset);
  return {
    total,
    page,
    pageCount,
    reviews: rows.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: excerpt(row.sections[0]?.body ?? '', 90),
      rating: typeof row.attributes.rating === 'number' ? row.attributes.rating : null,
      publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    })),
  };
}
