// The notification jobs at 8:00 Tokyo time (issue 33; docs/decisions/083-notifications.md): every
// process looks every minute, and soon after start (a slot missed while the site was down is run
// then, once); the one that claims a slot runs it. Stopping lets a batch under way finish: the run
// stays unfinished and is taken up again after its lease.
import type pino from 'pino';
import { claimJobRun, runClaimedJob } from '../app/features/notifications/scheduled-jobs.server';
import { JOB_NAMES } from '../app/features/notifications/schedule';
import { type Periodic, startPeriodic } from './periodic';

const LOOK_EVERY_MS = 60_000;
const FIRST_LOOK_MS = 10_000;

export type ScheduledJobs = Periodic;

export function startScheduledJobs(options: { logger: pino.Logger; firstLookMs?: number; lookEveryMs?: number }): ScheduledJobs {
  return startPeriodic(
    async (stopping) => {
      for (const job of JOB_NAMES) {
        if (stopping()) return;
        try {
          const run = await claimJobRun(job);
          if (!run) continue;
          const started = performance.now();
          const result = await runClaimedJob(run, { stopping });
          if (result)
            options.logger.info({ job, slot: run.slot, ...result, ms: Math.round(performance.now() - started) }, 'scheduled job run');
          else options.logger.info({ job, slot: run.slot }, 'scheduled job stopped before its end; it is taken up again after its lease');
        } catch (error) {
          options.logger.warn({ err: error, job }, 'scheduled job failed; it is taken up again after its lease');
        }
      }
    },
    { firstMs: options.firstLookMs ?? FIRST_LOOK_MS, everyMs: options.lookEveryMs ?? LOOK_EVERY_MS },
  );
}
