// A student's notices (お知らせ, /mypage/notifications; docs/decisions/083-notifications.md): made
// where what they report happens (a decision, a publication, the reminders' run, a badge granted by
// the database's trigger), listed newest first, read when seen. Each is once per student: its
// dedupe key is unique with the student, whoever makes it and however often.
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../db/enums';
import { deleteInBatches, selectRows } from '../../db/client.server';
import { notifications, posts } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { badgeKindById } from '../badges/catalog';
import { NOTICE_RETENTION_MS } from './retention';

export type Notice = {
  id: number;
  kind: NotificationKind;
  title: string;
  /** Further lines: a post's title, a reason, a moderator's note. */
  detail: string;
  link: string;
  at: Date;
  read: boolean;
};

export const NOTICES_PER_PAGE = 30;

/** Makes a notice; null when the student already has this one (its dedupe key). */
export async function addNotice(options: {
  tx?: DbOrTx;
  userId: number;
  kind: NotificationKind;
  title: string;
  detail?: string;
  link?: string;
  postId?: number | null;
  companyId?: number | null;
  dedupeKey: string;
  at?: Date;
}): Promise<{ id: number } | null> {
  const [row] = await orDb(options.tx)
    .insert(notifications)
    .values({
      userId: options.userId,
      kind: options.kind,
      title: options.title,
      detail: options.detail ?? '',
      link: options.link ?? '',
      postId: options.postId ?? null,
      companyId: options.companyId ?? null,
      dedupeKey: options.dedupeKey,
      createdAt: options.at ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return row ?? null;
}

/**
 * The student's notices, newest first, a page of `limit` (and one more, to say whether a next
 * page exists). A new post's notice shows while its post is published.
 */
export async function listNotices(options: {
  tx?: DbOrTx;
  userId: number;
  limit?: number;
  page?: number;
  /** Only those not read yet (/mypage). */
  unreadOnly?: boolean;
}): Promise<{ notices: Notice[]; more: boolean }> {
  const limit = options.limit ?? NOTICES_PER_PAGE;
  const rows = await orDb(options.tx)
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      detail: notifications.detail,
      link: notifications.link,
      badgeKindId: notifications.badgeKindId,
      at: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(posts, eq(posts.id, notifications.postId))
    .where(
      and(
        eq(notifications.userId, options.userId),
        or(sql`${notifications.kind} <> 'new_post'`, eq(posts.status, 'published')),
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1)
    .offset(((options.page ?? 1) - 1) * limit);
  const notices = rows.slice(0, limit).map(({ badgeKindId, readAt, ...row }) => {
    const badge = badgeKindId === null ? undefined : badgeKindById(badgeKindId);
    return { ...row, title: badge ? `「${badge.name}」バッジを獲得しました` : row.title, read: readAt !== null };
  });
  return { notices, more: rows.length > limit };
}

/** Marks the given notices of the student read (those already read stay as they were); answers how many changed. */
export async function markNoticesRead(options: { tx?: DbOrTx; userId: number; ids: number[] | 'all'; now?: Date }): Promise<number> {
  if (options.ids !== 'all' && options.ids.length === 0) return 0;
  const rows = await orDb(options.tx)
    .update(notifications)
    .set({ readAt: options.now ?? new Date() })
    .where(
      and(
        eq(notifications.userId, options.userId),
        isNull(notifications.readAt),
        options.ids === 'all' ? undefined : inArray(notifications.id, options.ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** How many of the student's notices are unread, counted up to 100 (as the personal call counts). */
export async function countUnreadNotices(options: { tx?: DbOrTx; userId: number }): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM notifications WHERE user_id = ${options.userId} AND read_at IS NULL LIMIT 100) unread`,
    orDb(options.tx),
  );
  return Number(row?.n ?? 0);
}

/** Deletes notices older than NOTICE_RETENTION_MS, a batch at a time (housekeeping); answers how many. */
export async function pruneNotices(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTICE_RETENTION_MS);
  return deleteInBatches(
    (limit) =>
      sql`DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE created_at < ${before} LIMIT ${limit}) RETURNING 1`,
  );
}
