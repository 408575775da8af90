// The durable email queue (docs/decisions/027-email-queue.md). An email is a row of email_jobs,
// written in the transaction of what it reports, so a rolled-back action sends nothing and a
// committed one is never lost to a restart. Senders take due rows with FOR UPDATE SKIP LOCKED and
// a lease, send them outside any transaction, then mark them sent (clearing the body: a reset
// link is a credential) or schedule a retry with backoff.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { db, deleteInBatches } from '../../db/client.server';
import { EMAIL_JOB_RETENTION_MS } from './retention';
import { emailJobs } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { logger } from '../../lib/logger.server';
import { defaultEmailTransport, EmailNotConfiguredError, type EmailTransport } from './transport.server';

/** How long a taken row belongs to its sender; after that another sender may take it again. */
export const EMAIL_LEASE_MS = 2 * 60_000;
/** A send still running after this counts as failed, well within the lease. */
export const EMAIL_SEND_TIMEOUT_MS = 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/**
 * Attempts before an email is given up: 30 s, 1 min, 2 min … 32 min, then hourly, about three
 * days in all (retryDelayMs), long enough to outlast a mail server's bad weekend.
 */
export const MAX_EMAIL_ATTEMPTS = 78;
const BATCH = 10;

/**
 * The wait after the `attempts`-th failed attempt: doubling from 30 s, capped at an hour, with
 * jitter (75–100 % of that) so that emails held back by one outage do not all return at once.
 * Each wait is still longer than the one before until the cap.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
  return Math.round(base * (0.75 + 0.25 * random()));
}

const listeners = new Set<() => void>();

/** Called after every enqueue in this process (the sender wakes up); returns the unsubscribe. */
export function onEmailEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Queues an email. With `tx`, it leaves only if that transaction commits. A second enqueue with
 * the same `dedupeKey` is ignored (null), so a repeated operation sends one email.
 */
export async function enqueueEmail(options: {
  tx?: DbOrTx;
  to: string;
  subject: string;
  text: string;
  dedupeKey?: string;
  /** A notification email's one-click unsubscribe URL (RFC 8058): sent as List-Unsubscribe. */
  unsubscribeUrl?: string;
}): Promise<{ id: number } | null> {
  const [row] = await orDb(options.tx)
    .insert(emailJobs)
    .values({
      to: options.to,
      subject: options.subject,
      body: options.text,
      dedupeKey: options.dedupeKey ?? null,
      unsubscribeUrl: options.unsubscribeUrl ?? null,
      // Due now on the application's clock, the one claims compare with (not the database's
      // now(), whose microseconds would put it just after a claim made in the same millisecond).
      runAt: new Date(),
    })
    .onConflictDoNothing({ target: emailJobs.dedupeKey })
    .returning({ id: emailJobs.id });
  if (row) for (const listener of listeners) listener();
  return row ?? null;
}

export type QueuedEmail = { to: string; subject: string; text: string; dedupeKey?: string; unsubscribeUrl?: string };

/**
 * Queues many emails in one statement (a digest's batch): as enqueueEmail, each with its dedupe key
 * ignored when already queued. Answers how many were queued.
 */
export async function enqueueEmails(options: { tx?: DbOrTx; emails: QueuedEmail[] }): Promise<number> {
  if (options.emails.length === 0) return 0;
  const runAt = new Date();
  const rows = await orDb(options.tx)
    .insert(emailJobs)
    .values(
      options.emails.map((email) => ({
        to: email.to,
        subject: email.subject,
        body: email.text,
        dedupeKey: email.dedupeKey ?? null,
        unsubscribeUrl: email.unsubscribeUrl ?? null,
        runAt,
      })),
    )
    .onConflictDoNothing({ target: emailJobs.dedupeKey })
    .returning({ id: emailJobs.id });
  if (rows.length > 0) for (const listener of listeners) listener();
  return rows.length;
}

export type ClaimedEmail = {
  id: number;
  to: string;
  subject: string;
  body: string;
  attempts: number;
  createdAt: Date;
  unsubscribeUrl: string | null;
};

/**
 * Takes up to `limit` due emails for this sender: one statement, so a short transaction of its
 * own. A row locked by another sender's claim is skipped, not waited for; a taken row's lease
 * (locked_until, and run_at with it, which keeps the partial index on run_at exact) keeps every
 * other sender off it until the lease ends. A sender that dies holding one leaves it to be taken
 * again then. Each take counts as an attempt, so an email that crashes its sender is given up too.
 */
export async function claimDueEmails(options: { now?: Date; limit?: number } = {}): Promise<ClaimedEmail[]> {
  const now = options.now ?? new Date();
  const leaseEnd = new Date(now.getTime() + EMAIL_LEASE_MS);
  const due = db()
    .select({ id: emailJobs.id })
    .from(emailJobs)
    .where(
      and(
        isNull(emailJobs.sentAt),
        isNull(emailJobs.failedAt),
        lte(emailJobs.runAt, now),
        or(isNull(emailJobs.lockedUntil), lte(emailJobs.lockedUntil, now)),
      ),
    )
    .orderBy(asc(emailJobs.runAt), asc(emailJobs.id))
    .limit(options.limit ?? BATCH)
    .for('update', { skipLocked: true });
  return db()
    .update(emailJobs)
    .set({ attempts: sql`${emailJobs.attempts} + 1`, lockedUntil: leaseEnd, runAt: leaseEnd })
    .where(inArray(emailJobs.id, due))
    .returning({
      id: emailJobs.id,
      to: emailJobs.to,
      subject: emailJobs.subject,
      body: emailJobs.body,
      attempts: emailJobs.attempts,
      createdAt: emailJobs.createdAt,
      unsubscribeUrl: emailJobs.unsubscribeUrl,
    });
}

/**
 * The Message-ID of a queued email: the same for every attempt, so that the copy a receiver gets
 * twice (a sender stopped between the server's acceptance and marking the row) can be recognised.
 * The creation time keeps it unique if ids ever start again (a database rebuilt from scratch).
 */
export function emailMessageId(email: { id: number; createdAt: Date }): string {
  return `<email-${email.id}.${email.createdAt.getTime().toString(36)}@${new URL(publicOrigin()).hostname}>`;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail transport within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 1000);
}

export type DeliveryResult = { claimed: number; sent: number; retried: number; failed: number };

/**
 * One round of the sender: claims the due emails, sends each outside any transaction, then marks
 * it sent (body cleared) or, on failure, schedules the next attempt with the error kept; after
 * MAX_EMAIL_ATTEMPTS it is marked failed (body cleared too) and an error is logged. A row whose
 * lease was lost meanwhile (the send outlasted it and another sender took the row) is left to
 * that sender, except that a successful send is always recorded.
 */
export async function deliverDueEmails(
  options: { now?: Date; limit?: number; transport?: EmailTransport; random?: () => number } = {},
): Promise<DeliveryResult> {
  const clock = () => options.now ?? new Date();
  const transport = options.transport ?? defaultEmailTransport();
  const claimed = await claimDueEmails({ now: clock(), limit: options.limit });
  const result: DeliveryResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  await Promise.all(
    claimed.map(async (email) => {
      try {
        await withTimeout(
          transport.send({
            to: email.to,
            subject: email.subject,
            text: email.body,
            messageId: emailMessageId(email),
            unsubscribeUrl: email.unsubscribeUrl,
          }),
          EMAIL_SEND_TIMEOUT_MS,
        );
      } catch (error) {
        const outcome = await recordFailure({ email, error, now: clock(), random: options.random });
        if (outcome) result[outcome] += 1;
        return;
      }
      await db()
        .update(emailJobs)
        .set({ sentAt: clock(), body: '', lockedUntil: null, lastError: null })
        .where(and(eq(emailJobs.id, email.id), isNull(emailJobs.sentAt)));
      result.sent += 1;
    }),
  );
  return result;
}

async function recordFailure(options: {
  email: ClaimedEmail;
  error: unknown;
  now: Date;
  random?: () => number;
}): Promise<'retried' | 'failed' | null> {
  const { email, error, now } = options;
  const giveUp = email.attempts >= MAX_EMAIL_ATTEMPTS;
  const lastError = errorText(error);
  const [row] = await db()
    .update(emailJobs)
    .set(
      giveUp
        ? { failedAt: now, body: '', lockedUntil: null, lastError }
        : { runAt: new Date(now.getTime() + retryDelayMs(email.attempts, options.random)), lockedUntil: null, lastError },
    )
    // Only while the row is still this sender's: same attempt, not sent by another.
    .where(and(eq(emailJobs.id, email.id), eq(emailJobs.attempts, email.attempts), isNull(emailJobs.sentAt)))
    .returning({ id: emailJobs.id });
  if (!row) return null;
  const fields = { emailId: email.id, attempts: email.attempts, error: lastError };
  if (giveUp) logger().error(fields, 'email given up after its last attempt');
  else if (error instanceof EmailNotConfiguredError) logger().error(fields, 'SMTP_URL is not set: an email waits in the queue');
  else logger().warn(fields, 'email not sent; will retry');
  return giveUp ? 'failed' : 'retried';
}

/**
 * The queue as /metrics shows it (docs/decisions/078-metrics.md): emails due now, those waiting to
 * be tried again after a failed attempt, and those that failed for good. The first two use the
 * pending index; failed ones are few (and pruned with the sent ones).
 */
export async function countEmailQueue(): Promise<{ due: number; retrying: number; failed: number }> {
  const [row] = await db()
    .select({
      due: sql<number>`count(*) FILTER (WHERE ${emailJobs.sentAt} IS NULL AND ${emailJobs.failedAt} IS NULL AND ${emailJobs.runAt} <= now())::int`,
      retrying: sql<number>`count(*) FILTER (WHERE ${emailJobs.sentAt} IS NULL AND ${emailJobs.failedAt} IS NULL AND ${emailJobs.attempts} > 0)::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${emailJobs.failedAt} IS NOT NULL)::int`,
    })
    .from(emailJobs);
  return { due: row?.due ?? 0, retrying: row?.retrying ?? 0, failed: row?.failed ?? 0 };
}

/**
 * When the next pending email is due (its run_at: a retry's time, or a lease's end), or null when
 * none is pending: the sender sleeps until then rather than asking every second.
 */
export async function nextEmailDueAt(): Promise<Date | null> {
  const [row] = await db()
    .select({ at: sql<Date | string | null>`min(${emailJobs.runAt})` })
    .from(emailJobs)
    .where(and(isNull(emailJobs.sentAt), isNull(emailJobs.failedAt)));
  return row?.at ? new Date(row.at) : null;
}

/** Deletes sent and failed emails older than EMAIL_JOB_RETENTION_MS, a batch at a time; answers how many. */
export async function pruneEmailJobs(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EMAIL_JOB_RETENTION_MS);
  return deleteInBatches(
    (limit) => sql`DELETE FROM email_jobs WHERE id IN (
      SELECT id FROM email_jobs WHERE sent_at < ${before} OR failed_at < ${before} LIMIT ${limit}) RETURNING 1`,
  );
}
