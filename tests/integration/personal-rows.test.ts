// Issue 30: the personal call's rows in memory (app/features/accounts/personal-rows.server.ts,
// docs/decisions/071-personal-rows-in-memory.md). A session is read once and then answered from
// memory; whatever changes what it holds (a favorite, a name, a logout, every session of a user
// ended, a row changed by hand in SQL as another process or a script would) is seen by the next
// lookup; a read that overlapped a change keeps nothing; a lost listening connection stops the
// memory until it listens again (PostgreSQL). Two processes: tests/integration/accounts-processes.test.ts.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { database, db, LISTENING_APPLICATION, observeStatements } from '../../app/db/client.server';
import { changesHeard } from '../../app/db/changes.server';
import { forgetPersonalRows, onUserChanged, personalRowOf, writeAnswered } from '../../app/features/accounts/personal-rows.server';
import { deleteSession, deleteUserSessions, findSession, sessionKeyOf } from '../../app/features/accounts/sessions.server';
import { updateProfile } from '../../app/features/accounts/update-profile.server';
import { addFavorite } from '../../app/features/favorites/add-favorite.server';
import { answerPersonalCall } from '../../app/features/personal/answer-personal-call.server';
import { createCompany, createLoggedInStudent, createModerator, publishPost } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';
import { personalRowReadsDuring } from '../support/statements';

setUpTestDatabase();

beforeEach(() => forgetPersonalRows());

/** How many times `work` reads a personal row from the database. */
const reads = personalRowReadsDuring;

const call = (sessionId: string) => answerPersonalCall({ sessionId, page: '/companies' });

describe('a personal row in memory', () => {
  it('is read once, then answered from memory by the call and the session lookup alike', async () => {
    expect(await changesHeard()).toBe(true);
    const student = await createLoggedInStudent();
    expect(await reads(() => call(student.sessionId))).toBe(1);
    expect(await reads(() => call(student.sessionId))).toBe(0);
    expect(await reads(() => findSession({ id: student.sessionId }))).toBe(0);
  });

  it('follows a favorite, a change of name and a tracker entry written by hand, at the next lookup', async () => {
    await changesHeard();
    const student = await createLoggedInStudent();
    const { companyId } = await createCompany();
    await call(student.sessionId);
    await addFavorite({ userId: student.userId, companyId });
    await changesHeard();
    expect((await call(student.sessionId)).favoriteCompanyIds).toEqual([companyId]);

    await updateProfile({ userId: student.userId, name: '新しい 名前', university: '東都大学', faculty: '経済学部', graduationYear: 2028 });
    await changesHeard();
    expect((await call(student.sessionId)).viewer?.name).toBe('新しい 名前');

    // As another process or an operator's script would: straight into the table.
    await db().execute(
      sql`INSERT INTO tracker_entries (user_id, company_id, category, status) VALUES (${student.userId}, ${companyId}, 'intern', 'registered')`,
    );
    await changesHeard();
    expect((await call(student.sessionId)).trackerEntries).toEqual([
      { companyId, category: 'intern', status: 'registered', outcome: null },
    ]);
  });

  it('ends with a logout, and with every session of a user (a password reset, 退会)', async () => {
    await changesHeard();
    const student = await createLoggedInStudent();
    const other = await createLoggedInStudent();
    await Promise.all([findSession({ id: student.sessionId }), findSession({ id: other.sessionId })]);
    await deleteSession({ id: student.sessionId });
    await changesHeard();
    expect(await findSession({ id: student.sessionId })).toBeNull();
    expect((await call(student.sessionId)).viewer).toBeNull();

    await deleteUserSessions({ userId: other.userId });
    await changesHeard();
    expect(await findSession({ id: other.sessionId })).toBeNull();
  });

  it('keeps nothing read while a write of this process was being answered', async () => {
    await changesHeard();
    const student = await createLoggedInStudent();
    const key = sessionKeyOf(student.sessionId)!;
    // The write is answered while the row is being read.
    const stop = observeStatements((statement) => {
      if (statement.includes('personal_parts(')) writeAnswered(key);
    });
    try {
      await personalRowOf(key);
    } finally {
      stop();
    }
    expect(await reads(() => personalRowOf(key))).toBe(1);
    expect(await reads(() => personalRowOf(key))).toBe(0);
    // An answered write of the session forgets what it held.
    writeAnswered(key);
    expect(await reads(() => personalRowOf(key))).toBe(1);
  });

  it.skipIf(!process.env.DATABASE_URL)('is not used while the listening connection is lost, and again once it listens', async () => {
    await changesHeard();
    const student = await createLoggedInStudent();
    await call(student.sessionId);
    expect(await reads(() => call(student.sessionId))).toBe(0);
    // Another connection ends the listening one, as a database restart or a network cut would.
    const [row] = await database().query<{ name: string }>('SELECT current_database() AS name');
    const name = row!.name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND pid <> pg_backend_pid()',
        [name, LISTENING_APPLICATION],
      );
    } finally {
      await admin.end();
    }
    await expect.poll(() => reads(() => call(student.sessionId))).toBe(1);
    expect(await reads(() => call(student.sessionId))).toBe(1);
    // Listening again (within a second or two), the memory serves again.
    expect(await changesHeard()).toBe(true);
    await call(student.sessionId);
    expect(await reads(() => call(student.sessionId))).toBe(0);
  });
});

describe("what a student's kept pages show (migration 0024, docs/decisions/072-session-pages-kept.md)", () => {
  it('is announced for the student whichever table it is written to, by hand in SQL', async () => {
    await changesHeard();
    const student = await createLoggedInStudent();
    const other = await createLoggedInStudent();
    const moderator = await createModerator();
    const { companyId } = await createCompany();
    const heard: Array<number | null> = [];
    const stop = onUserChanged((userId) => heard.push(userId));
    /** Whose changes this process hears after `sql` commits. */
    const announced = async (statement: ReturnType<typeof sql>) => {
      heard.length = 0;
      await db().execute(statement);
      await changesHeard();
      return [...new Set(heard)];
    };
    try {
      const { postId } = await publishPost({ type: 'intern_experience', authorId: student.userId, companyId });
      const me = student.userId;
      expect(await announced(sql`UPDATE users SET university = '東都大学' WHERE id = ${me}`)).toEqual([me]);
      expect(await announced(sql`UPDATE posts SET useful_count = useful_count + 1 WHERE id = ${postId}`)).toEqual([me]);
      expect(await announced(sql`INSERT INTO post_revisions (post_id, revision) VALUES (${postId}, 2)`)).toEqual([me]);
      expect(await announced(sql`UPDATE post_revisions SET lock_version = lock_version + 1 WHERE post_id = ${postId}`)).toEqual([me]);
      expect(
        await announced(
          sql`INSERT INTO moderation_events (post_id, revision, moderator_id, action) VALUES (${postId}, 1, ${moderator.userId}, 'unpublish')`,
        ),
      ).toEqual([me]);
      expect(await announced(sql`INSERT INTO point_entries (user_id, amount, reason) VALUES (${me}, 5, 'adjustment')`)).toEqual([me]);
      expect(await announced(sql`INSERT INTO badge_grants (user_id, badge_kind_id) VALUES (${me}, 999)`)).toEqual([me]);
      expect(
        await announced(
          sql`INSERT INTO tracker_events (user_id, company_id, kind, date) VALUES (${me}, ${companyId}, 'interview', '2027-03-01')`,
        ),
      ).toEqual([me]);
      await db().execute(sql`INSERT INTO tracker_entries (user_id, company_id, category) VALUES (${me}, ${companyId}, 'recruit')`);
      expect(
        await announced(
          sql`INSERT INTO tracker_steps (entry_id, status, "on") SELECT id, 'registered', '2027-03-01' FROM tracker_entries WHERE user_id = ${me}`,
        ),
      ).toEqual([me]);
      // A post moved to another author is announced to both; a company's change in the log to nobody.
      expect(await announced(sql`UPDATE posts SET author_id = ${other.userId} WHERE id = ${postId}`)).toEqual(
        expect.arrayContaining([me, other.userId]),
      );
      expect(
        await announced(
          sql`INSERT INTO moderation_events (company_id, moderator_id, action) VALUES (${companyId}, ${moderator.userId}, 'update_company')`,
        ),
      ).toEqual([]);
    } finally {
      stop();
    }
  });
});
