// The sender every server process runs (docs/decisions/027-email-queue.md, 079-housekeeping.md):
// a round of deliverDueEmails at once after an email is queued in any process (this one's enqueue,
// or the database's announcement of another's), and otherwise when the next pending email is due
// (a retry, a lease's end), at the latest every IDLE_MS: an empty queue is not asked every second.
// Several processes may run one each; the queue's claim keeps them off each other's emails.
import type pino from 'pino';
import { isProduction } from '../../lib/config.server';
import { logger as defaultLogger } from '../../lib/logger.server';
import { onEmailQueued } from '../../db/changes.server';
import { deliverDueEmails, nextEmailDueAt, onEmailEnqueued } from './queue.server';
import type { EmailTransport } from './transport.server';

/** The longest the sender sleeps: a notification lost with a database connection costs at most this. */
const IDLE_MS = 60_000;
/** After a failed round, the next try. */
const RETRY_MS = 1_000;
// After an enqueue, a moment for its transaction to commit before the sender looks.
const WAKE_MS = 20;
const BATCH = 10;

export type EmailSender = {
  /** Looks for due emails now (after a moment). */
  wake(): void;
  /**
   * Stops the loop and waits for the round in flight, so the emails it sent are marked sent
   * before the database closes. A round still running after `timeoutMs` is left: its emails'
   * leases end and another start sends them again (the rare duplicate the decision describes).
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
};

export function startEmailSender(options: { idleMs?: number; transport?: EmailTransport; logger?: pino.Logger } = {}): EmailSender {
  const log = options.logger ?? defaultLogger();
  const idleMs = options.idleMs ?? IDLE_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let again = false;

  if (isProduction() && !process.env.SMTP_URL && !options.transport) {
    log.error('SMTP_URL is not set: emails stay in the queue and are not sent');
  }

  let dueAt = Number.POSITIVE_INFINITY;
  // Only ever brings the next round forward, so a stream of enqueues cannot keep postponing it.
  const schedule = (ms: number) => {
    if (stopped || Date.now() + ms >= dueAt) return;
    if (timer) clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(round, ms);
    timer.unref();
  };

  function round() {
    timer = undefined;
    dueAt = Number.POSITIVE_INFINITY;
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    let next = idleMs;
    inFlight = (async () => {
      try {
        // A full batch may mean more are due: keep going until a round comes back short.
        for (;;) {
          const result = await deliverDueEmails({ transport: options.transport, limit: BATCH });
          if (result.claimed < BATCH || stopped) break;
        }
        // Then sleep until the next pending email is due (a retry's time, a lease's end).
        const due = await nextEmailDueAt();
        if (due) next = Math.min(idleMs, Math.max(WAKE_MS, due.getTime() - Date.now()));
      } catch (error) {
        log.error({ err: error }, 'email delivery round failed');
        next = Math.min(idleMs, RETRY_MS);
      }
    })().finally(() => {
      inFlight = undefined;
      const soon = again;
      again = false;
      schedule(soon ? 0 : next);
    });
  }

  const unsubscribeHere = onEmailEnqueued(() => wake());
  // Another process's email (or any, once this process listens again after a lost connection).
  const unsubscribeAnywhere = onEmailQueued(() => wake());
  const unsubscribe = () => {
    unsubscribeHere();
    unsubscribeAnywhere();
  };
  function wake() {
    if (stopped) return;
    if (inFlight) again = true;
    else schedule(WAKE_MS);
  }
  // What a previous run left behind goes first.
  schedule(0);

  return {
    wake,
    async stop(stopOptions = {}) {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!inFlight) return;
      let waited: ReturnType<typeof setTimeout> | undefined;
      const gaveUp = await Promise.race([
        inFlight.then(() => false),
        new Promise<boolean>((resolve) => {
          waited = setTimeout(() => resolve(true), stopOptions.timeoutMs ?? 10_000);
          waited.unref();
        }),
      ]);
      clearTimeout(waited);
      if (gaveUp) log.warn('emails still being sent at shutdown; they will be sent again after their lease');
    },
  };
}
