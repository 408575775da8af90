import { desc, eq, sql } from 'drizzle-orm';
import type { PointReason, PostStatus, PostTypeKey } from '../../db/enums';
import { pointEntries, posts } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';

export type PointLedgerEntry = {
  id: number;
  at: Date;
  amount: number;
  reason: PointReason;
  note: string | null;
  post: { id: number; type: PostTypeKey; title: string; status: PostStatus } | null;
};

export const POINT_LEDGER_PAGE_SIZE = 30;

/** A student's balance and ledger, newest first (/mypage/points). */
export async function listMyPoints(options: { tx?: DbOrTx; userId: number; page?: number }): Promise<{
  balance: number;
  total: number;
  entries: PointLedgerEntry[];
}> {
  const handle = orDb(options.tx);
  const page = Math.max(1, options.page ?? 1);
  const [[sum], rows] = await Promise.all([
    handle
      .select({ balance: sql<number>`coalesce(sum(${pointEntries.amount}), 0)::int`, total: sql<number>`count(*)::int` })
      .from(pointEntries)
      .where(eq(pointEntries.userId, options.userId)),
    handle
      .select({
        id: pointEntries.id,
        at: pointEntries.createdAt,
        amount: pointEntries.amount,
        reason: pointEntries.reason,
        note: pointEntries.note,
        postId: posts.id,
        postType: posts.type,
        postTitle: posts.title,
        postStatus: posts.status,
      })
      .from(pointEntries)
      .leftJoin(posts, eq(posts.id, pointEntries.postId))
      .where(eq(pointEntries.userId, options.userId))
      .orderBy(desc(pointEntries.createdAt), desc(pointEntries.id))
      .limit(POINT_LEDGER_PAGE_SIZE)
      .offset((page - 1) * POINT_LEDGER_PAGE_SIZE),
  ]);
  return {
    balance: sum?.balance ?? 0,
    total: sum?.total ?? 0,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at,
      amount: row.amount,
      reason: row.reason,
      note: row.note,
      post:
        row.postId !== null && row.postType !== null
          ? { id: row.postId, type: row.postType, title: row.postTitle ?? '', status: row.postStatus ?? 'published' }
          : null,
    })),
  };
}
