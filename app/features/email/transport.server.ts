// Where an email physically goes once the queue hands it over (docs/decisions/027-email-queue.md):
// nodemailer to SMTP_URL when it is set; otherwise, outside production, the development outbox
// (/dev/outbox). In production without SMTP_URL the transport refuses, so the email stays in the
// queue (retried, then marked failed) and the refusal is logged: nothing pretends it was sent.
import { desc, eq } from 'drizzle-orm';
import type { Mail } from 'nodemailer';
import { db } from '../../db/client.server';
import { outboxEmails } from '../../db/schema';
import { isProduction, mailFrom } from '../../lib/config.server';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  /** Stable for one queued email, so a receiver can drop a second copy (see the decision). */
  messageId: string;
  /**
   * A notification email's one-click unsubscribe URL: List-Unsubscribe with
   * List-Unsubscribe-Post (RFC 8058). Account emails have none.
   */
  unsubscribeUrl?: string | null;
};

export type EmailTransport = {
  name: string;
  /** Resolves once the email is accepted; throws when it was not (the queue retries). */
  send(email: OutgoingEmail): Promise<void>;
};

/** Thrown when there is nowhere to send to: production without SMTP_URL. */
export class EmailNotConfiguredError extends Error {
  constructor() {
    super('SMTP_URL is not set: the email cannot be sent');
    this.name = 'EmailNotConfiguredError';
  }
}

/**
 * SMTP through nodemailer. Its timeouts are shortened (defaults: 2 min to connect, 10 min of
 * silence) so that a send ends well within the queue's lease; one still running past the lease
 * could be taken and sent by another sender.
 */
export function smtpTransport(url: string): EmailTransport {
  let transporter: Promise<Mail> | undefined;
  return {
    name: 'smtp',
    async send(email) {
      transporter ??= import('nodemailer').then((nodemailer) =>
        nodemailer.createTransport({ url, connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 30_000 }),
      );
      await (await transporter).sendMail({
        from: mailFrom(),
        to: email.to,
        subject: email.subject,
        text: email.text,
        messageId: email.messageId,
        ...(email.unsubscribeUrl
          ? { headers: { 'List-Unsubscribe': `<${email.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
    },
  };
}

/** The development outbox: the email becomes a row shown at /dev/outbox. */
export function outboxTransport(): EmailTransport {
  return {
    name: 'outbox',
    async send(email) {
      await db().insert(outboxEmails).values({ to: email.to, subject: email.subject, body: email.text });
    },
  };
}

/** Production without SMTP_URL: every send fails, loudly. */
export function unconfiguredTransport(): EmailTransport {
  return {
    name: 'none',
    async send() {
      throw new EmailNotConfiguredError();
    },
  };
}

let configured: { key: string; transport: EmailTransport } | undefined;

/** The transport the environment asks for (SMTP_URL, NODE_ENV), made once per setting. */
export function defaultEmailTransport(): EmailTransport {
  const smtpUrl = process.env.SMTP_URL || '';
  const key = `${smtpUrl}\n${isProduction()}`;
  if (configured?.key !== key) {
    const transport = smtpUrl ? smtpTransport(smtpUrl) : isProduction() ? unconfiguredTransport() : outboxTransport();
    configured = { key, transport };
  }
  return configured.transport;
}

/** The newest emails of the development outbox. */
export async function listOutboxEmails(options: { limit?: number; to?: string } = {}) {
  return db()
    .select()
    .from(outboxEmails)
    .where(options.to ? eq(outboxEmails.to, options.to) : undefined)
    .orderBy(desc(outboxEmails.id))
    .limit(options.limit ?? 50);
}
