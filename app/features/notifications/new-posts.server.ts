// New posts at favorite companies (新着投稿のお知らせ; docs/decisions/083-notifications.md): when a
// post is published, a notice for every student who keeps its company as a favorite, except its
// author, made in the publication's transaction. The digest emails them later; the notice key
// (one per student and post) means a post re-approved after an edit is never collected twice.
import { sql } from 'drizzle-orm';
import type { PostTypeKey } from '../../db/enums';
import { writeRows } from '../../db/client.server';
import type { DbOrTx } from '../../db/transaction.server';
import { POST_TYPES, postPath } from '../posts/post-types';

export async function collectNewPost(options: {
  tx: DbOrTx;
  post: { id: number; type: PostTypeKey; title: string; companyId: number | null; authorId: number | null };
  now?: Date;
}): Promise<number> {
  const { post } = options;
  if (post.companyId === null) return 0;
  const rows = await writeRows(
    sql`INSERT INTO notifications (user_id, kind, title, detail, link, post_id, company_id, dedupe_key, created_at)
      SELECT f.user_id, 'new_post', c.name || ${`に新しい${POST_TYPES[post.type].label}が投稿されました`},
        ${post.title || '（タイトルなし）'}, ${postPath(post.type, post.id)}, ${post.id}, c.id, ${`new_post:${post.id}`}, ${options.now ?? new Date()}
      FROM favorites f JOIN companies c ON c.id = f.company_id
      WHERE f.company_id = ${post.companyId} AND f.user_id IS DISTINCT FROM ${post.authorId}
      ON CONFLICT DO NOTHING
      RETURNING 1`,
    options.tx,
  );
  return rows.length;
}

/**
 * A post taken down: its notices not yet emailed go (nobody is emailed a post they cannot open);
 * those already emailed stay, hidden from the list while the post is not published, so that a
 * post published again is not sent again.
 */
export async function withdrawNewPost(options: { tx: DbOrTx; postId: number }): Promise<void> {
  await writeRows(
    sql`DELETE FROM notifications WHERE post_id = ${options.postId} AND kind = 'new_post' AND digested_at IS NULL`,
    options.tx,
  );
}
