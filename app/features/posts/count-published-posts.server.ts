import { count, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { posts } from '../../db/schema';

export async function countPublishedPosts(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(posts).where(eq(posts.status, 'published'));
  return Number(row?.n ?? 0);
}
