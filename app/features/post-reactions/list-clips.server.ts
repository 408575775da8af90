import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { PostTypeKey } from '../../db/enums';
import { POST_TYPE_LIST } from '../posts/post-types';

/** The most clips /mypage shows (newest first); a student keeping more sees the newest. */
export const CLIPS_SHOWN = 500;

export type ClippedPost = {
  id: number;
  type: PostTypeKey;
  title: string;
  /** The company, or the job-hunting service of a service review. */
  subjectName: string | null;
  usefulCount: number;
  /** Whether the student also voted it 参考になった. */
  voted: boolean;
  clippedAt: string;
};

export type ClipGroup = { type: PostTypeKey; posts: ClippedPost[] };

type Row = {
  post_id: number;
  type: PostTypeKey;
  title: string;
  company_name: string | null;
  service_name: string | null;
  useful_count: number;
  voted: boolean;
  created_at: Date | string;
};

/**
 * The student's clips of published posts, grouped by content type in the site's order of types,
 * each group newest clip first. A post unpublished since is left out (its clip stays, unseen).
 */
export async function listClips(options: { userId: number }): Promise<{ total: number; groups: ClipGroup[] }> {
  const rows = await selectRows<Row>(sql`
    SELECT c.post_id, p.type, p.title, co.name AS company_name, rs.name AS service_name, p.useful_count, c.created_at,
      EXISTS (SELECT 1 FROM useful_votes v WHERE v.user_id = c.user_id AND v.post_id = c.post_id) AS voted
    FROM clips c
    JOIN posts p ON p.id = c.post_id AND p.status = 'published'
    LEFT JOIN companies co ON co.id = p.company_id
    LEFT JOIN recruit_services rs ON rs.id = p.recruit_service_id
    WHERE c.user_id = ${options.userId}
    ORDER BY c.created_at DESC, c.post_id DESC
    LIMIT ${CLIPS_SHOWN}`);
  const byType = new Map<PostTypeKey, ClippedPost[]>();
  for (const row of rows) {
    const list = byType.get(row.type) ?? [];
    list.push({
      id: Number(row.post_id),
      type: row.type,
      title: row.title,
      subjectName: row.company_name ?? row.service_name,
      usefulCount: Number(row.useful_count),
      voted: row.voted === true || (row.voted as unknown) === 't',
      clippedAt: new Date(row.created_at).toISOString(),
    });
    byType.set(row.type, list);
  }
  return {
    total: rows.length,
    groups: POST_TYPE_LIST.filter((type) => byType.has(type)).map((type) => ({ type, posts: byType.get(type)! })),
  };
}
