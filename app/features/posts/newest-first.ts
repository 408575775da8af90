import { sql } from 'drizzle-orm';
import { posts } from '../../db/schema';

/**
 * ORDER BY for "newest first" that matches the published-post indexes exactly
 * (published_at DESC NULLS LAST, id DESC); plain DESC means NULLS FIRST in PostgreSQL, which no
 * index here serves, and would sort every published post.
 */
export const newestFirst = [sql`${posts.publishedAt} DESC NULLS LAST`, sql`${posts.id} DESC`] as const;
