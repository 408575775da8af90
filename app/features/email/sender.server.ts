// The sender every server process runs (docs/decisions/027-email-queue.md): a round of
// deliverDueEmails every second, and at once after an enqueue in this process. Several
// processes may run one each; the queue's claim keeps them off each other's emails.
import type pino from 'pino';
import { isProduction } from '../../lib/config.server';
import { logger as defaultLogger } from '../../lib/logger.server';
import { deliverDueEmails, onEmailEnqueued } from './queue.server';
import type { EmailTransport } from './transport.server';

const POLL_MS = 1_000;
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

export function startEmailSender(options: { pollMs?: number; transport?: EmailTransport; logger?: pino.Logger } = {}): EmailSender {
  const log = options.logger ?? defaultLogger();
  const pollMs = options.pollMs ?? POLL_MS;
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
    inFlight = (async () => {
      try {
        // A full batch may mean more are due: keep going until a round comes back short.
        for (;;) {
          const result = await deliverDueEmails({ transport: options.transport, limit: BATCH });
          if (result.claimed < BATCH || stopped) break;
        }
      } catch (error) {
        log.error({ err: error }, 'email delivery round failed');
      }
    })().finally(() => {
      inFlight = undefined;
      const soon = again;
      again = false;
      schedule(soon ? 0 : pollMs);
    });
  }

  const unsubscribe = onEmailEnqueued(() => wake());
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
