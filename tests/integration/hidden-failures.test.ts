// Issue 28, point 10: failures that used to pass without a log line are logged once, as JSON.
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { database, db } from '../../app/db/client.server';
import { users } from '../../app/db/schema';
import { logIn } from '../../app/features/accounts/log-in.server';
import {
  flushCompanyViews,
  recordCompanyView,
  unrecordedCompanyViews,
} from '../../app/features/recommendations/record-company-view.server';
import { logger } from '../../app/lib/logger.server';
import { createCompany, createStudent } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** The log lines a level received during the test: [fields, message]. */
function spyLog(level: 'error' | 'warn' | 'info') {
  return vi.spyOn(logger(), level) as unknown as { mock: { calls: [Record<string, unknown>, string][] } };
}

describe('failures that used to pass without a log line', () => {
  it('logs an unreadable password hash once per attempt, with the account and without the hash', async () => {
    const { userId } = await createStudent({ email: 'broken-hash@example.jp', password: 'the right password' });
    await db().update(users).set({ passwordHash: '$argon2id$v=19$cut-short' }).where(eq(users.id, userId));
    const errors = spyLog('error');
    await expect(logIn({ email: 'broken-hash@example.jp', password: 'the right password', ip: '10.28.0.2' })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    const lines = errors.mock.calls.filter(([, message]) => message === 'stored password hash is unreadable');
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toMatchObject({ userId });
    expect(JSON.stringify(lines[0]![0])).not.toContain('cut-short');
  });

  it('keeps company views whose write failed, logs the failure once, and writes them all once it works again', async () => {
    const { companyId } = await createCompany();
    const views = async () => {
      const [row] = await database().query<{ views: number }>(
        'SELECT coalesce(sum(views), 0)::int AS views FROM company_view_days WHERE company_id = $1',
        [companyId],
      );
      return Number(row?.views);
    };
    // The table refuses writes for a while, as a full disk or a lost server would.
    await db().execute(
      sql`CREATE FUNCTION refuse_views() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'views refused'; END $$`,
    );
    await db().execute(sql`CREATE TRIGGER refuse_views BEFORE INSERT ON company_view_days FOR EACH ROW EXECUTE FUNCTION refuse_views()`);
    const errors = spyLog('error');
    const infos = spyLog('info');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    recordCompanyView({ companyId });
    recordCompanyView({ companyId });
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
    expect(errors.mock.calls[0]).toEqual([
      expect.objectContaining({ views: 2 }),
      'company views not recorded; kept in memory and tried again every 5 s',
    ]);
    expect(unrecordedCompanyViews()).toBe(2);

    // Still failing, with one more view: kept, and not logged again.
    recordCompanyView({ companyId });
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(unrecordedCompanyViews()).toBe(3));
    expect(errors).toHaveBeenCalledTimes(1);

    await db().execute(sql`DROP TRIGGER refuse_views ON company_view_days`);
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(infos.mock.calls.some(([, message]) => message === 'company views recorded again')).toBe(true));
    expect(unrecordedCompanyViews()).toBe(0);
    expect(await views()).toBe(3);
    await flushCompanyViews();
  });

  it.runIf(!process.env.DATABASE_URL)('logs a failing VACUUM of the embedded database once, and when it works again', async () => {
    const warnings = spyLog('warn');
    const infos = spyLog('info');
    const vacuumFailed = () => warnings.mock.calls.filter(([, message]) => message.startsWith('VACUUM post_revisions, sessions failed'));
    // The tables are vacuumed every 2 s; without one of them, each round fails.
    await database().query('ALTER TABLE sessions RENAME TO sessions_away');
    try {
      await vi.waitFor(() => expect(vacuumFailed()).toHaveLength(1), { timeout: 5_000, interval: 50 });
      expect(vacuumFailed()[0]![0]).toHaveProperty('err');
      // At least one more failed round, not logged again.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(vacuumFailed()).toHaveLength(1);
    } finally {
      await database().query('ALTER TABLE sessions_away RENAME TO sessions');
    }
    await vi.waitFor(
      () => expect(infos.mock.calls.some(([, message]) => message === 'VACUUM post_revisions, sessions works again')).toBe(true),
      {
        timeout: 5_000,
        interval: 50,
      },
    );
  });
});
