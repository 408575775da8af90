// One page of the published posts a filter picks, newest first: what a company's tab of posts
// and a service's list of reviews both show (a title, an excerpt and the date of each).
import { and, count, eq, type SQL } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { posts } from '../../db/schema';
import { excerpt } from '../../lib/format';
import { pageOf } from '../../lib/pagination';
import { newestFirst } from './newest-first';

export async function publishedPostPage(filter: SQL | undefined, options: { page: number; perPage: number }) {
  const where = and(filter, eq(posts.status, 'published'));
  const [totalRow] = await db().select({ n: count() }).from(posts).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, offset } = pageOf({ total, page: options.page, perPage: options.perPage });
  const rows = await db()
    .select({
      id: posts.id,
      title: posts.title,
      sections: posts.sections,
      attributes: posts.attributes,
      publishedAt: posts.publishedAt,
      usefulCount: posts.usefulCount,
    })
    .from(posts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(options.perPage)
    .offset(offset);
  return {
    total,
    page,
    pageCount,
    rows: rows.map(({ sections, publishedAt, ...row }) => ({
      ...row,
      excerpt: excerpt(sections[0]?.body ?? '', 90),
      publishedAt: (publishedAt ?? new Date(0)).toISOString(),
    })),
  };
}
