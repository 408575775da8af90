// 退会 (issue 18, docs/decisions/041-account-deletion.md). What the student published stays
// readable under 「退会したユーザー」 (posts.author_id is set null by its foreign key); everything
// personal goes: the account row and, by cascading foreign keys, the profile, match conditions,
// sessions, links, favorites, clips, votes, reports, badges, points and the selection tracker;
// by address, the login failures, the email limits' counts and the emails still queued or kept
// for it. Writing that was never published goes too, unless a moderator acted on it (the
// moderation log is append-only and keeps the post it names, unpublished and without its author).
import { eq, inArray, or, sql } from 'drizzle-orm';
import { db, selectRows, writeRows } from '../../db/client.server';
import { emailConfirmations, emailJobs, emailRequests, loginFailures, outboxEmails, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { checkCurrentPassword, type CurrentPasswordRefusal } from './current-password.server';
import { recipientHash } from './email-limits.server';

/** What 退会 would remove, and keep, of one student: the confirmation step names it (issue 27). */
export type AccountDeletionSummary = {
  favorites: number;
  clips: number;
  /** Companies in the selection tracker (選考管理). */
  trackedCompanies: number;
  badges: number;
  points: number;
  /** Drafts, posts in review and posts sent back: they go. */
  unpublishedPosts: number;
  /** Published posts: they stay, under 「退会したユーザー」. */
  publishedPosts: number;
};

export async function accountDeletionSummary(options: { userId: number }): Promise<AccountDeletionSummary> {
  const id = options.userId;
  const [row] = await selectRows<Record<keyof AccountDeletionSummary, number | string>>(
    sql`SELECT
          (SELECT count(*) FROM favorites WHERE user_id = ${id}) AS "favorites",
          (SELECT count(*) FROM clips WHERE user_id = ${id}) AS "clips",
          (SELECT count(DISTINCT company_id) FROM tracker_entries WHERE user_id = ${id}) AS "trackedCompanies",
          (SELECT count(*) FROM badge_grants WHERE user_id = ${id}) AS "badges",
          (SELECT coalesce(sum(amount), 0) FROM point_entries WHERE user_id = ${id}) AS "points",
          (SELECT count(*) FROM posts WHERE author_id = ${id} AND status <> 'published') AS "unpublishedPosts",
          (SELECT count(*) FROM posts WHERE author_id = ${id} AND status = 'published') AS "publishedPosts"`,
  );
  // count() and sum() come back as bigint text on PostgreSQL.
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)])) as AccountDeletionSummary;
}

export async function deleteAccount(options: {
  userId: number;
  currentPassword: string;
  /** The client's address, for the login limits. */
  ip: string;
}): Promise<{ ok: true } | CurrentPasswordRefusal> {
  const [account] = await db().select({ role: users.role }).from(users).where(eq(users.id, options.userId)).limit(1);
  // Moderators are made and unmade by the operator (npm run admin:create), not here.
  if (account?.role !== 'student') return { ok: false, reason: 'wrong_password', endSession: !account };
  const user = await checkCurrentPassword(options);
  if (!user.ok) return user;
  await inTransaction(undefined, async (tx) => {
    // The student's 参考になった leave with them: each post's count (and its list row) goes down.
    await writeRows(
      sql`WITH gone AS (DELETE FROM useful_votes WHERE user_id = ${options.userId} RETURNING post_id),
               counted AS (
                 UPDATE posts p SET useful_count = GREATEST(0, p.useful_count - 1)
                 FROM gone WHERE p.id = gone.post_id RETURNING p.id, p.useful_count)
          UPDATE post_listings l SET useful_count = counted.useful_count FROM counted WHERE l.post_id = counted.id`,
      tx,
    );
    // Unpublished writing: drafts and posts in review or sent back go, unless the moderation log names them.
    await writeRows(
      sql`DELETE FROM posts p WHERE p.author_id = ${options.userId} AND p.status <> 'published'
            AND NOT EXISTS (SELECT 1 FROM moderation_events e WHERE e.post_id = p.id)`,
      tx,
    );
    // A published post's next revision that was never published (a draft, one in review) goes too.
    await writeRows(
      sql`DELETE FROM post_revisions r USING posts p
          WHERE r.post_id = p.id AND p.author_id = ${options.userId} AND r.status IN ('draft', 'submitted')`,
      tx,
    );
    // The addresses: the account's, and any new one it asked to change to.
    const asked = await tx
      .select({ email: emailConfirmations.email })
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, options.userId));
    const addresses = [...new Set([user.email, ...asked.map((row) => row.email)])];
    await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
    // The email limits' counts keep no address, but they are the account's traces too.
    await tx
      .delete(emailRequests)
      .where(or(eq(emailRequests.requester, `user:${options.userId}`), inArray(emailRequests.recipientHash, addresses.map(recipientHash))));
    await tx.delete(emailJobs).where(inArray(emailJobs.to, addresses));
    await tx.delete(emailConfirmations).where(inArray(emailConfirmations.email, addresses));
    await tx.delete(outboxEmails).where(inArray(outboxEmails.to, addresses));
    await tx.delete(users).where(eq(users.id, options.userId));
  });
  return { ok: true };
}
