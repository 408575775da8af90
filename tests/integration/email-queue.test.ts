// The durable email queue on a real database (docs/decisions/027-email-queue.md): enqueued in
// the caller's transaction, deduplicated, retried with backoff, taken by one sender at a time,
// never lost when a sender dies, its body cleared once sent.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { database, db } from '../../app/db/client.server';
import { requestPasswordReset } from '../../app/features/accounts/request-password-reset.server';
import { signUp } from '../../app/features/accounts/sign-up.server';
import {
  claimDueEmails,
  deliverDueEmails,
  EMAIL_LEASE_MS,
  enqueueEmail,
  MAX_EMAIL_ATTEMPTS,
  retryDelayMs,
} from '../../app/features/email/queue.server';
import { startEmailSender } from '../../app/features/email/sender.server';
import { listOutboxEmails, type EmailTransport, type OutgoingEmail } from '../../app/features/email/transport.server';
import { newRequester } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

type Job = {
  id: number;
  to_address: string;
  body: string;
  attempts: number;
  run_at: Date;
  locked_until: Date | null;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
};
const jobs = async (where = 'true', params: unknown[] = []) =>
  (await database().query<Job>(`SELECT * FROM email_jobs WHERE ${where} ORDER BY id`, params)).map((row) => ({
    ...row,
    id: Number(row.id),
    run_at: new Date(row.run_at),
  }));

/** A transport that records what it sent; `failing` makes it throw like a mail server that is down. */
function recordingTransport(options: { delayMs?: number } = {}) {
  const sent: OutgoingEmail[] = [];
  const transport: EmailTransport & { sent: OutgoingEmail[]; failing: boolean } = {
    name: 'test',
    sent,
    failing: false,
    async send(email) {
      if (options.delayMs) await sleep(options.delayMs);
      if (transport.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(email);
    },
  };
  return transport;
}

setUpTestDatabase();
// Each test starts from an empty queue, so one's leftovers never reach another's transport.
beforeEach(async () => {
  await database().query('DELETE FROM email_jobs');
});

describe('retryDelayMs', () => {
  it('doubles from 30 s to an hour with jitter, each wait longer than the last, about three days in all', () => {
    expect(retryDelayMs(1, () => 0.999)).toBeLessThanOrEqual(30_000);
    expect(retryDelayMs(1, () => 0)).toBe(22_500);
    expect(retryDelayMs(2, () => 0.999)).toBeGreaterThan(45_000);
    for (let attempts = 1; attempts < 8; attempts += 1) {
      expect(retryDelayMs(attempts + 1, () => 0)).toBeGreaterThan(retryDelayMs(attempts, () => 0.999));
    }
    expect(retryDelayMs(40, () => 0.999)).toBeLessThanOrEqual(60 * 60_000);
    let total = 0;
    for (let attempts = 1; attempts < MAX_EMAIL_ATTEMPTS; attempts += 1) total += retryDelayMs(attempts, () => 0.999);
    expect(total / 86_400_000).toBeGreaterThan(2.5);
    expect(total / 86_400_000).toBeLessThan(3.5);
  });
});

describe('the email queue', () => {
  it('sends nothing when the enqueuing transaction rolls back', async () => {
    const transport = recordingTransport();
    await expect(
      db().transaction(async (tx) => {
        await enqueueEmail({ tx, to: 'rollback@example.jp', subject: '件名', text: '本文' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await deliverDueEmails({ transport })).toMatchObject({ claimed: 0, sent: 0 });
    expect(transport.sent).toEqual([]);
    expect(await jobs()).toEqual([]);
  });

  it('sends one email for a doubled enqueue with the same dedupe key', async () => {
    const transport = recordingTransport();
    const first = await enqueueEmail({ to: 'twice@example.jp', subject: '件名', text: '本文', dedupeKey: 'test:twice' });
    const second = await enqueueEmail({ to: 'twice@example.jp', subject: '件名', text: '本文', dedupeKey: 'test:twice' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await deliverDueEmails({ transport });
    await deliverDueEmails({ transport });
    expect(transport.sent.map((email) => email.to)).toEqual(['twice@example.jp']);
    expect(await jobs()).toHaveLength(1);
  });

  it('retries while the mail server is down, waiting longer each time, then sends once it is back', async () => {
    const transport = recordingTransport();
    transport.failing = true;
    const { id } = (await enqueueEmail({ to: 'retry@example.jp', subject: '件名', text: '再送の本文' }))!;
    let now = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await deliverDueEmails({ transport, now })).toMatchObject({ claimed: 1, retried: 1 });
      const [job] = await jobs();
      expect(job).toMatchObject({ id, attempts: attempt, locked_until: null, sent_at: null, failed_at: null });
      expect(job!.last_error).toContain('ECONNREFUSED');
      waits.push(job!.run_at.getTime() - now.getTime());
      // Not due before its time.
      expect(await deliverDueEmails({ transport, now: new Date(job!.run_at.getTime() - 1000) })).toMatchObject({ claimed: 0 });
      now = job!.run_at;
    }
    expect(waits[0]).toBeGreaterThanOrEqual(22_500);
    expect(waits[0]).toBeLessThanOrEqual(30_000);
    for (let i = 1; i < waits.length; i += 1) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);

    transport.failing = false;
    expect(await deliverDueEmails({ transport, now })).toMatchObject({ claimed: 1, sent: 1 });
    expect(transport.sent.map((email) => email.text)).toEqual(['再送の本文']);
    const [job] = await jobs();
    expect(job).toMatchObject({ attempts: 5, body: '', last_error: null, locked_until: null, failed_at: null });
    expect(job!.sent_at).not.toBeNull();
    // Sent is sent: later rounds leave it alone.
    expect(await deliverDueEmails({ transport, now: new Date(now.getTime() + 86_400_000) })).toMatchObject({ claimed: 0 });
  });

  it('gives up after the last attempt, marks the email failed and clears its body', async () => {
    const transport = recordingTransport();
    transport.failing = true;
    const { id } = (await enqueueEmail({ to: 'gone@example.jp', subject: '件名', text: '届かない本文' }))!;
    await database().query('UPDATE email_jobs SET attempts = $1 WHERE id = $2', [MAX_EMAIL_ATTEMPTS - 1, id]);
    expect(await deliverDueEmails({ transport })).toMatchObject({ claimed: 1, failed: 1 });
    const [job] = await jobs();
    expect(job).toMatchObject({ attempts: MAX_EMAIL_ATTEMPTS, body: '', sent_at: null });
    expect(job!.failed_at).not.toBeNull();
    expect(job!.last_error).toContain('ECONNREFUSED');
    expect(await deliverDueEmails({ transport, now: new Date(Date.now() + 86_400_000) })).toMatchObject({ claimed: 0 });
  });

  it('sends each email exactly once when two senders run at the same time', async () => {
    const transport = recordingTransport({ delayMs: 5 });
    const addresses = Array.from({ length: 30 }, (_, i) => `both${i}@example.jp`);
    for (const to of addresses) await enqueueEmail({ to, subject: '件名', text: '本文' });
    // Small batches, so the two senders' claims interleave over many rounds.
    const sender = async () => {
      while ((await deliverDueEmails({ transport, limit: 3 })).claimed > 0) {}
    };
    await Promise.all([sender(), sender()]);
    expect(transport.sent.map((email) => email.to).sort()).toEqual([...addresses].sort());
    expect(new Set(transport.sent.map((email) => email.messageId)).size).toBe(addresses.length);
    expect(await jobs('sent_at IS NULL')).toEqual([]);
  });

  it('sends an email whose sender died holding it, once its lease is over', async () => {
    const transport = recordingTransport();
    await enqueueEmail({ to: 'crash@example.jp', subject: '件名', text: '本文' });
    const now = new Date();
    // A sender takes it and dies before sending or marking it.
    expect(await claimDueEmails({ now })).toHaveLength(1);
    // Within the lease, no other sender touches it.
    expect(await deliverDueEmails({ transport, now: new Date(now.getTime() + EMAIL_LEASE_MS - 1000) })).toMatchObject({ claimed: 0 });
    // After it, the next round sends it.
    expect(await deliverDueEmails({ transport, now: new Date(now.getTime() + EMAIL_LEASE_MS + 1000) })).toMatchObject({ sent: 1 });
    expect(transport.sent.map((email) => email.to)).toEqual(['crash@example.jp']);
    const [job] = await jobs();
    expect(job).toMatchObject({ attempts: 2, body: '' });
    expect(job!.sent_at).not.toBeNull();
  });

  it('gives every email a stable Message-ID on the public host', async () => {
    const transport = recordingTransport();
    transport.failing = true;
    const { id } = (await enqueueEmail({ to: 'mid@example.jp', subject: '件名', text: '本文' }))!;
    const seen: string[] = [];
    const remember: EmailTransport = {
      name: 'test',
      async send(email) {
        seen.push(email.messageId);
        await transport.send(email);
      },
    };
    await deliverDueEmails({ transport: remember });
    transport.failing = false;
    await deliverDueEmails({ transport: remember, now: new Date(Date.now() + 60 * 60_000) });
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]).toMatch(new RegExp(`^<email-${id}\\.[0-9a-z]+@[^>]+>$`));
  });

  it('sends from a running sender soon after an enqueue, and stops cleanly', async () => {
    const transport = recordingTransport();
    const sender = startEmailSender({ transport, idleMs: 60_000 });
    try {
      await enqueueEmail({ to: 'loop@example.jp', subject: '件名', text: '本文' });
      await expect.poll(() => transport.sent.length, { timeout: 3000 }).toBe(1);
    } finally {
      await sender.stop();
    }
    // A stopped sender sends nothing more.
    await enqueueEmail({ to: 'after@example.jp', subject: '件名', text: '本文' });
    await sleep(100);
    expect(transport.sent.map((email) => email.to)).toEqual(['loop@example.jp']);
  });
});

describe('a sender with an empty queue', () => {
  it('is woken by an email another process queued (the database announces it), not by asking every second', async () => {
    const transport = recordingTransport();
    const sender = startEmailSender({ transport, idleMs: 60_000 });
    try {
      // Let its first round find the queue empty and go to sleep for up to a minute.
      await sleep(200);
      // As another process or a script would queue it: straight into the table.
      await database().query("INSERT INTO email_jobs (to_address, subject, body) VALUES ('elsewhere@example.jp', '件名', '本文')");
      await expect.poll(() => transport.sent.map((email) => email.to), { timeout: 3000 }).toEqual(['elsewhere@example.jp']);
    } finally {
      await sender.stop();
    }
  });
});

describe('the password-reset email', () => {
  it('goes through the queue to the development outbox, and leaves no link behind once sent', async () => {
    await signUp({ email: 'queued@example.jp', password: 'queued password' });
    await requestPasswordReset({ email: 'queued@example.jp', requester: newRequester() });
    const [job] = await jobs();
    expect(job).toMatchObject({ to_address: 'queued@example.jp', sent_at: null });
    expect(job!.body).toContain('/password_reset/');
    // The default transport outside production without SMTP_URL: the development outbox.
    expect(await deliverDueEmails()).toMatchObject({ sent: 1 });
    const [mail] = await listOutboxEmails({ limit: 1 });
    expect(mail).toMatchObject({ to: 'queued@example.jp', subject: '【シューログ】パスワード再設定のご案内' });
    expect(mail!.body).toContain('/password_reset/');
    const [sent] = await jobs();
    expect(sent!.body).toBe('');
    expect(sent!.sent_at).not.toBeNull();
  });
});
