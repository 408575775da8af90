import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { DbOrTx } from '../../db/transaction.server';

/**
 * The author of a published post (null for imported word of mouth), or undefined when the post is
 * not published. The shared row lock keeps it published until the clip commits. (A vote, which
 * then updates the post's count, locks the row itself, for update.)
 */
export async function publishedPostAuthor(tx: DbOrTx, postId: number): Promise<{ authorId: number | null } | undefined> {
  const [row] = await selectRows<{ author_id: number | null }>(
    sql`SELECT author_id FROM posts WHERE id = ${postId} AND status = 'published' FOR SHARE`,
    tx,
  );
  return row ? { authorId: row.author_id === null ? null : Number(row.author_id) } : undefined;
}
