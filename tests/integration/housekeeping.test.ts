// Housekeeping against a real database (issue 31, part 4; docs/decisions/079-housekeeping.md): what
// the retention periods no longer keep is deleted and nothing younger; one run an hour on the
// whole site however many processes look.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { database } from '../../app/db/client.server';
import { claimHousekeeping, HOUSEKEEPING_EVERY_MS, pruneOldRows } from '../../server/housekeeping';
import { createStudent } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const now = new Date('2026-11-28T12:00:00Z');
const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();

async function count(table: string): Promise<number> {
  const [row] = await database().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

describe('pruning', () => {
  beforeEach(async () => {
    for (const table of [
      'sessions',
      'email_confirmations',
      'password_reset_tokens',
      'login_failures',
      'email_requests',
      'email_jobs',
      'notifications',
    ])
      await database().query(`DELETE FROM ${table}`);
  });

  it('deletes what the retention periods no longer keep, and nothing younger', async () => {
    const { userId } = await createStudent();
    const q = (text: string, params: unknown[]) => database().query(text, params);
    // Sessions: one expired a minute ago goes; one that expires in an hour stays.
    await q(`INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ('old', $1, 't', $2), ('live', $1, 't', $3)`, [
      userId,
      at(60_000),
      at(-HOUR),
    ]);
    // Links: used 8 days ago, expired 8 days ago go; used 6 days ago, valid stay.
    await q(
      `INSERT INTO email_confirmations (token_hash, purpose, email, expires_at, used_at) VALUES
        ('used8', 'signup', 'a@example.jp', $1, $2), ('expired8', 'signup', 'b@example.jp', $2, NULL),
        ('used6', 'signup', 'c@example.jp', $1, $3), ('valid', 'signup', 'd@example.jp', $1, NULL)`,
      [at(-DAY), at(8 * DAY), at(6 * DAY)],
    );
    await q(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, used_at) VALUES ('r-old', $1, $2, NULL), ('r-new', $1, $3, NULL)`,
      [userId, at(8 * DAY), at(-HOUR)],
    );
    // Limits' rows: older than a day go.
    await q(`INSERT INTO login_failures (ip, email, failed_at) VALUES ('1.1.1.1', 'x', $1), ('1.1.1.1', 'x', $2)`, [
      at(DAY + HOUR),
      at(HOUR),
    ]);
    await q(
      `INSERT INTO email_requests (kind, ip, requester, requested_at) VALUES ('password_reset', '1.1.1.1', 'r', $1), ('password_reset', '1.1.1.1', 'r', $2)`,
      [at(DAY + HOUR), at(HOUR)],
    );
    // Emails: sent or failed 31 days ago go; sent 29 days ago and pending ones stay.
    await q(
      `INSERT INTO email_jobs (to_address, subject, body, sent_at, failed_at) VALUES
        ('s31', 's', '', $1, NULL), ('f31', 's', 'b', NULL, $1), ('s29', 's', '', $2, NULL), ('pending', 's', 'b', NULL, NULL)`,
      [at(31 * DAY), at(29 * DAY)],
    );

    // Notices: a year and a day old go; a year less a day stay.
    await q(
      `INSERT INTO notifications (user_id, kind, title, dedupe_key, created_at) VALUES ($1, 'reminder', 'old', 'old', $2), ($1, 'reminder', 'young', 'young', $3)`,
      [userId, at(366 * DAY), at(364 * DAY)],
    );

    expect(await pruneOldRows(now)).toEqual({
      sessions: 1,
      confirmations: 2,
      resetLinks: 1,
      loginFailures: 1,
      emailRequests: 1,
      emailJobs: 2,
      notices: 1,
    });
    expect((await database().query<{ title: string }>('SELECT title FROM notifications')).map((r) => r.title)).toEqual(['young']);
    expect(await database().query('SELECT id_hash FROM sessions')).toEqual([{ id_hash: 'live' }]);
    expect(
      (await database().query<{ token_hash: string }>('SELECT token_hash FROM email_confirmations ORDER BY 1')).map((r) => r.token_hash),
    ).toEqual(['used6', 'valid']);
    expect(await count('password_reset_tokens')).toBe(1);
    expect(await count('login_failures')).toBe(1);
    expect(await count('email_requests')).toBe(1);
    expect(
      (await database().query<{ to_address: string }>('SELECT to_address FROM email_jobs ORDER BY 1')).map((r) => r.to_address),
    ).toEqual(['pending', 's29']);
    // Again: nothing more.
    expect(Object.values(await pruneOldRows(now)).every((n) => n === 0)).toBe(true);
  });

  it('goes through a backlog larger than one batch', async () => {
    await database().query(`INSERT INTO login_failures (ip, email, failed_at) SELECT '2.2.2.2', 'y', $1 FROM generate_series(1, 4500)`, [
      at(2 * DAY),
    ]);
    expect((await pruneOldRows(now)).loginFailures).toBe(4500);
    expect(await count('login_failures')).toBe(0);
  });
});

describe('the schedule', () => {
  afterEach(async () => {
    await database().query(`UPDATE housekeeping_runs SET last_run_at = '-infinity'`);
  });

  it('gives each hour to one process: of several looking at once, one prunes', async () => {
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimHousekeeping(now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimHousekeeping(new Date(now.getTime() + HOUSEKEEPING_EVERY_MS - 1000))).toBe(false);
    expect(await claimHousekeeping(new Date(now.getTime() + HOUSEKEEPING_EVERY_MS))).toBe(true);
  });
});
