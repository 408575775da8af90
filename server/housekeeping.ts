// Housekeeping on a schedule (issue 31, part 4; docs/decisions/079-housekeeping.md): every hour one
// process, whichever moves housekeeping_runs forward first (a conditional UPDATE, so two processes
// or servers never both prune), deletes what the retention periods no longer keep: expired
// sessions, spent links, old login failures and email requests, sent and failed emails. Each
// process looks every few minutes; the first look is a minute after start, off the start's path.
import { sql } from 'drizzle-orm';
import type pino from 'pino';
import { writeRows } from '../app/db/client.server';
import { pruneAccountRows } from '../app/features/accounts/prune-account-rows.server';
import { pruneEmailJobs } from '../app/features/email/queue.server';
import { pruneNotices } from '../app/features/notifications/notices.server';
import { type Periodic, startPeriodic } from './periodic';

/** How often old rows are pruned, at most (on the whole site, not per process). */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;
const LOOK_EVERY_MS = 5 * 60_000;
const FIRST_LOOK_MS = 60_000;

/** Takes this hour's run if no process has: true for the one process that does. */
export async function claimHousekeeping(now: Date = new Date()): Promise<boolean> {
  const due = new Date(now.getTime() - HOUSEKEEPING_EVERY_MS);
  const claimed = await writeRows(
    sql`UPDATE housekeeping_runs SET last_run_at = ${now} WHERE id = 1 AND last_run_at <= ${due} RETURNING 1`,
  );
  return claimed.length === 1;
}

/** One run: everything pruned, with the counts. */
export async function pruneOldRows(now: Date = new Date()) {
  return { ...(await pruneAccountRows(now)), emailJobs: await pruneEmailJobs(now), notices: await pruneNotices(now) };
}

export type Housekeeping = Periodic;

export function startHousekeeping(options: { logger: pino.Logger; firstLookMs?: number; lookEveryMs?: number }): Housekeeping {
  return startPeriodic(
    async () => {
      try {
        if (!(await claimHousekeeping())) return;
        const started = performance.now();
        const pruned = await pruneOldRows();
        options.logger.info({ ...pruned, ms: Math.round(performance.now() - started) }, 'old rows pruned');
      } catch (error) {
        options.logger.warn({ err: error }, 'housekeeping failed; the next look tries again');
      }
    },
    { firstMs: options.firstLookMs ?? FIRST_LOOK_MS, everyMs: options.lookEveryMs ?? LOOK_EVERY_MS },
  );
}
