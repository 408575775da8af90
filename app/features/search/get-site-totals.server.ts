import { and, count, eq, isNotNull } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { posts } from '../../db/schema';
import { getCompanyCatalog } from './company-catalog.server';

/**
 * The numbers of the top page (320社・3,667件). Company posts are summed from the in-memory
 * catalog instead of counting a million rows; service reviews are few and indexed.
 */
export async function getSiteTotals(): Promise<{ companies: number; publishedPosts: number }> {
  const catalog = await getCompanyCatalog();
  const [reviews] = await db()
    .select({ n: count() })
    .from(posts)
    .where(and(isNotNull(posts.recruitServiceId), eq(posts.status, 'published')));
  return { companies: catalog.companies.length, publishedPosts: catalog.publishedPostTotal + Number(reviews?.n ?? 0) };
}
