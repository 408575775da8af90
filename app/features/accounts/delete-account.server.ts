// 退会 (issue 18, docs/decisions/041-account-deletion.md). What the student published stays
// readable under 「退会したユーザー」 (posts.author_id is set null by its foreign key); everything
// personal goes: the account row and, by cascading foreign keys, the profile, match conditions,
// sessions, links, favorites, clips, votes, reports, badges, points and the selection tracker;
// by address, the login failures and the emails still queued or kept for it. Writing that was
// never published goes too, unless a moderator acted on it (the moderation log is append-only
// and keeps the post it names, unpublished and without its author).
import { eq, inArray, sql } from 'drizzle-orm';
import { db, selectRows } from '../../db/client.server';
import { emailConfirmations, emailJobs, loginFailures, outboxEmails, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { verifyPassword } from './password.server';

export async function deleteAccount(options: {
  userId: number;
  currentPassword: string;
}): Promise<{ ok: true } | { ok: false; reason: 'wrong_password' }> {
  const [user] = await db()
    .select({ email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, options.userId))
    .limit(1);
  // Moderators are made and unmade by the operator (npm run admin:create), not here.
  const allowed = user?.role === 'student' && (await verifyPassword(user.passwordHash, options.currentPassword));
  if (!user || !allowed) return { ok: false, reason: 'wrong_password' };
  await inTransaction(undefined, async (tx) => {
    // The student's 参考になった leave with them: each post's count (and its list row) goes down.
    await selectRows(
      sql`WITH gone AS (DELETE FROM useful_votes WHERE user_id = ${options.userId} RETURNING post_id),
               counted AS (
                 UPDATE posts p SET useful_count = GREATEST(0, p.useful_count - 1)
                 FROM gone WHERE p.id = gone.post_id RETURNING p.id, p.useful_count)
          UPDATE post_listings l SET useful_count = counted.useful_count FROM counted WHERE l.post_id = counted.id`,
      tx,
    );
    // Unpublished writing: drafts and posts in review or sent back go, unless the moderation log names them.
    await selectRows(
      sql`DELETE FROM posts p WHERE p.author_id = ${options.userId} AND p.status <> 'published'
            AND NOT EXISTS (SELECT 1 FROM moderation_events e WHERE e.post_id = p.id)`,
      tx,
    );
    // A published post's next revision that was never published (a draft, one in review) goes too.
    await selectRows(
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
    await tx.delete(emailJobs).where(inArray(emailJobs.to, addresses));
    await tx.delete(emailConfirmations).where(inArray(emailConfirmations.email, addresses));
    await tx.delete(outboxEmails).where(inArray(outboxEmails.to, addresses));
    await tx.delete(users).where(eq(users.id, options.userId));
  });
  return { ok: true };
}
