// The student's own posts for /mypage/posts: each with the status chip a student reads, its
// last change, and what they can do next (docs/decisions/025-posting.md).
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { PostStatus, RejectionReason, RevisionStatus } from '../../db/enums';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { isWritableType, type WritableType } from './writable-types';

/** What the chip says: 下書き / 審査中 / 公開 / 非承認. */
export type MyPostState = 'draft' | 'submitted' | 'published' | 'rejected';

export type MyPost = {
  postId: number;
  type: WritableType;
  state: MyPostState;
  /** A published or rejected post with a newer revision: its draft or its review. */
  revision: 'draft' | 'submitted' | null;
  title: string;
  subjectName: string | null;
  /** ISO 8601: the last save, submission or decision. */
  changedAt: string;
  /** Why the post, or the latest revision of a published post, was sent back. */
  rejection: { reason: RejectionReason; note: string | null } | null;
};

type Row = {
  post_id: number;
  type: string;
  status: PostStatus;
  posts_title: string;
  updated_at: Date | string;
  subject_name: string | null;
  open_status: RevisionStatus | null;
  open_title: string | null;
  open_updated_at: Date | string | null;
  rejected_reason: RejectionReason | null;
  rejected_note: string | null;
  rejected_title: string | null;
};

/** The student's posts, most recently changed first (at most `limit`). */
export async function listMyPosts(options: {
  tx?: DbOrTx;
  userId: number;
  limit?: number;
  /** Only this post. */
  postId?: number;
  /** Only the never-sent drafts of this type (a form's 「書きかけの下書き」). */
  draftsOf?: WritableType;
}): Promise<MyPost[]> {
  const rows = await selectRows<Row>(
    sql`SELECT p.id AS post_id, p.type, p.status, p.title AS posts_title, p.updated_at,
               coalesce(c.name, s.name) AS subject_name,
               o.status AS open_status, o.content->>'title' AS open_title, o.updated_at AS open_updated_at,
               CASE WHEN r.status = 'rejected' THEN r.rejection_reason END AS rejected_reason, r.rejection_note AS rejected_note, r.content->>'title' AS rejected_title
        FROM posts p
        LEFT JOIN companies c ON c.id = p.company_id
        LEFT JOIN recruit_services s ON s.id = p.recruit_service_id
        LEFT JOIN post_revisions o ON o.post_id = p.id AND o.status IN ('draft', 'submitted')
        LEFT JOIN LATERAL (
          SELECT status, rejection_reason, rejection_note, content FROM post_revisions
          WHERE post_id = p.id AND status IN ('published', 'rejected') ORDER BY revision DESC LIMIT 1
        ) r ON true
        WHERE p.author_id = ${options.userId}${options.postId === undefined ? sql`` : sql` AND p.id = ${options.postId}`}${
          options.draftsOf === undefined ? sql`` : sql` AND p.type = ${options.draftsOf} AND p.status = 'draft'`
        }
        ORDER BY greatest(p.updated_at, coalesce(o.updated_at, p.updated_at)) DESC, p.id DESC
        LIMIT ${options.limit ?? 200}`,
    orDb(options.tx),
  );
  return rows.flatMap((row): MyPost[] => {
    if (!isWritableType(row.type)) return [];
    const state: MyPostState = row.status;
    const revision = state === 'published' || state === 'rejected' ? (row.open_status as 'draft' | 'submitted' | null) : null;
    const changed = [row.updated_at, row.open_updated_at].filter((value) => value !== null).map((value) => new Date(value));
    return [
      {
        postId: row.post_id,
        type: row.type,
        state,
        revision,
        title: row.open_title || row.posts_title || row.rejected_title || '',
        subjectName: row.subject_name,
        changedAt: new Date(Math.max(...changed.map((date) => date.getTime()))).toISOString(),
        // The latest decision, when it sent the post (or its latest revision) back.
        rejection: row.rejected_reason ? { reason: row.rejected_reason, note: row.rejected_note } : null,
      },
    ];
  });
}
