// The notification jobs cut short (issue 33): `npm run jobs:run` runs as its own process against
// PostgreSQL and is killed (kill -9) in the middle of its batches; the next run sends the rest and
// nothing twice. Two runs started at once share the work without a student emailed twice. Needs
// DATABASE_URL (CI's PostgreSQL run); the same rules are tested in one process on both databases
// in notifications.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../app/db/client.server';
import { createCompany, createReferenceData, createStudent, publishPost } from '../factories';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

const serverUrl = process.env.DATABASE_URL;
const STUDENTS = 6000;

describe.skipIf(!serverUrl)('notification jobs as processes, on PostgreSQL', () => {
  let scratch: ScratchDatabase | undefined;
  let databaseUrl = '';
  let admin: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, `shulog_jobs_${randomBytes(4).toString('hex')}`);
    databaseUrl = scratch.url;
    await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    await createReferenceData();
    const { companyId } = await createCompany({ name: '株式会社キルテスト' });
    const author = await createStudent();
    const { postId } = await publishPost({ type: 'intern_experience', authorId: author.userId, companyId });
    await closeDatabase();
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // Many students, each with a new post's notice waiting and an event today on the board.
    await admin.query(
      `INSERT INTO users (email, password_hash) SELECT 'jobs' || n || '@example.jp', 'x' FROM generate_series(1, ${STUDENTS}) n`,
    );
    await admin.query(
      `INSERT INTO notifications (user_id, kind, title, detail, link, post_id, company_id, dedupe_key)
       SELECT u.id, 'new_post', '新着', 'タイトル', '/intern_experiences/' || $1::int, $1::int, $2::int, 'new_post:' || $1::int
       FROM users u WHERE u.email LIKE 'jobs%'`,
      [postId, companyId],
    );
    await admin.query(
      `INSERT INTO tracker_entries (user_id, company_id, category) SELECT id, $1, 'recruit' FROM users WHERE email LIKE 'jobs%'`,
      [companyId],
    );
    await admin.query(
      `INSERT INTO tracker_events (user_id, company_id, kind, date, date_set_at)
       SELECT id, $1, 'interview', (now() AT TIME ZONE 'Asia/Tokyo')::date, now() - interval '3 days' FROM users WHERE email LIKE 'jobs%'`,
      [companyId],
    );
    // The reminders' last run was three days ago.
    await admin.query(`UPDATE scheduled_jobs SET previous_slot = now() - interval '3 days', slot = now() - interval '3 days'`);
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    await scratch?.drop();
  });

  const jobsRun = (job: string): ChildProcess =>
    spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs-run.ts', job], {
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const exited = (child: ChildProcess) =>
    new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  const count = async (subject: string) =>
    Number((await admin.query(`SELECT count(*) AS n FROM email_jobs WHERE subject LIKE $1`, [subject])).rows[0].n);
  const twice = async (subject: string) =>
    Number(
      (
        await admin.query(
          `SELECT count(*) AS n FROM (SELECT to_address FROM email_jobs WHERE subject LIKE $1 GROUP BY to_address HAVING count(*) > 1) d`,
          [subject],
        )
      ).rows[0].n,
    );

  for (const [job, subject] of [
    ['digest', '%お気に入り企業%'],
    ['reminders', '%面接%'],
  ] as const) {
    it(`resumes a ${job} run killed in the middle without sending anything twice or skipping anyone`, async () => {
      const child = jobsRun(job);
      const exit = exited(child);
      // Killed once some batches are committed and before the last.
      const deadline = Date.now() + 60_000;
      let before = 0;
      while (Date.now() < deadline && child.exitCode === null) {
        before = await count(subject);
        if (before > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      child.kill('SIGKILL');
      expect((await exit).signal).toBe('SIGKILL');
      const atKill = await count(subject);
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(STUDENTS);
      // Two runs at once take the rest: each student once.
      const rest = [jobsRun(job), jobsRun(job)];
      const codes = await Promise.all(rest.map(exited));
      expect(codes.map((c) => c.code)).toEqual([0, 0]);
      expect(await count(subject)).toBe(STUDENTS);
      expect(await twice(subject)).toBe(0);
    }, 120_000);
  }
});
