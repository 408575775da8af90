// The notification jobs at fixed times (docs/decisions/083-notifications.md): the daily digest,
// the weekly digest and the reminders, each at 8:00 Tokyo time. A process claims a job's latest
// slot with a conditional UPDATE (one winner however many processes or servers look), holds a
// lease it renews after every batch, and marks the run finished. A run whose process died is
// taken up by whichever process looks after the lease ended; the work itself is kept in the
// database (notices digested, reminders made), so the run that takes it up sends only what the
// first had not. A slot missed while the site was down is run once, at the next look.
import { sql } from 'drizzle-orm';
import { selectRows, writeRows } from '../../db/client.server';
import { type DigestResult, runDigest } from './digest.server';
import { type ReminderResult, runReminders } from './reminders.server';
import { type JobName, latestSlot } from './schedule';

/** How long a claimed run belongs to its process without renewing (a batch takes far less). */
export const JOB_LEASE_MS = 2 * 60_000;

export type ClaimedRun = { job: JobName; slot: Date; previousSlot: Date };

/**
 * Takes the job's latest slot if no process has, or a run left unfinished whose lease ended. The
 * window of a run taken over from a dead process still begins where that run's began.
 */
export async function claimJobRun(job: JobName, now: Date = new Date()): Promise<ClaimedRun | null> {
  const slot = latestSlot(job, now);
  const lease = new Date(now.getTime() + JOB_LEASE_MS);
  const [row] = await writeRows<{ slot: Date | string; previous_slot: Date | string }>(
    sql`UPDATE scheduled_jobs SET
        previous_slot = CASE WHEN slot < ${slot} AND finished_at IS NOT NULL THEN slot ELSE previous_slot END,
        slot = ${slot}, finished_at = NULL, lease_until = ${lease}
      WHERE name = ${job} AND (slot < ${slot} OR (finished_at IS NULL AND (lease_until IS NULL OR lease_until < ${now})))
      RETURNING slot, previous_slot`,
  );
  return row ? { job, slot: new Date(row.slot), previousSlot: new Date(row.previous_slot) } : null;
}

/** Renews the lease of a run this process holds; false when it is no longer this run's. */
async function renewLease(run: ClaimedRun): Promise<boolean> {
  const renewed = await writeRows(
    sql`UPDATE scheduled_jobs SET lease_until = ${new Date(Date.now() + JOB_LEASE_MS)}
      WHERE name = ${run.job} AND slot = ${run.slot} AND finished_at IS NULL RETURNING 1`,
  );
  return renewed.length === 1;
}

async function finishRun(run: ClaimedRun): Promise<void> {
  await writeRows(
    sql`UPDATE scheduled_jobs SET finished_at = ${new Date()}, lease_until = NULL WHERE name = ${run.job} AND slot = ${run.slot} RETURNING 1`,
  );
}

export type JobResult = DigestResult | ReminderResult;

/** Runs a claimed slot to its end, renewing the lease between batches; `stopping` ends it early (unfinished). */
export async function runClaimedJob(run: ClaimedRun, options: { stopping?: () => boolean; now?: Date } = {}): Promise<JobResult | null> {
  const afterBatch = async () => !options.stopping?.() && (await renewLease(run));
  const result =
    run.job === 'reminders'
      ? await runReminders({ from: run.previousSlot, to: run.slot, now: options.now, afterBatch })
      : await runDigest({ frequency: run.job === 'digest-daily' ? 'daily' : 'weekly', windowEnd: run.slot, now: options.now, afterBatch });
  if (options.stopping?.()) return null;
  await finishRun(run);
  return result;
}

/**
 * A job run by hand (`npm run jobs:run`): now, whatever the time, with the same exactly-once
 * rules. The digest takes every notice made until now; the reminders, every one due since the
 * slot before the job's last (those already made are not made again).
 */
export async function runJobNow(job: 'digest' | 'digest-weekly' | 'reminders', now: Date = new Date()): Promise<JobResult> {
  if (job === 'reminders') {
    const [row] = await selectRows<{ previous_slot: Date | string }>(
      sql`SELECT previous_slot FROM scheduled_jobs WHERE name = 'reminders'`,
    );
    const from = row ? new Date(row.previous_slot) : new Date(now.getTime() - 24 * 60 * 60_000);
    return runReminders({ from, to: now, now });
  }
  return runDigest({ frequency: job === 'digest' ? 'daily' : 'weekly', windowEnd: now, now });
}
