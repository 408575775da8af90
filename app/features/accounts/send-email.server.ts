// Email: through nodemailer to SMTP_URL when it is set; otherwise, outside production, into
// the development outbox (/dev/outbox). In production without SMTP_URL nothing is stored (a
// reset link in a table would be a live credential) and the failure is logged.
import { desc } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { db } from '../../db/client.server';
import { outboxEmails } from '../../db/schema';
import { isProduction } from '../../lib/config.server';
import { logger } from '../../lib/logger.server';

export const MAIL_FROM = process.env.MAIL_FROM || 'シューログ <no-reply@shulog.example>';

let transporter: Promise<Transporter> | undefined;

async function smtpTransport(url: string): Promise<Transporter> {
  const nodemailer = await import('nodemailer');
  return nodemailer.createTransport(url);
}

export async function sendEmail(options: { to: string; subject: string; text: string }): Promise<'smtp' | 'outbox' | 'dropped'> {
  const smtpUrl = process.env.SMTP_URL;
  if (smtpUrl) {
    transporter ??= smtpTransport(smtpUrl);
    await (await transporter).sendMail({ from: MAIL_FROM, to: options.to, subject: options.subject, text: options.text });
    return 'smtp';
  }
  if (isProduction()) {
    logger().error({ subject: options.subject }, 'SMTP_URL is not set: an email was not sent');
    return 'dropped';
  }
  await db().insert(outboxEmails).values({ to: options.to, subject: options.subject, body: options.text });
  return 'outbox';
}

/** The newest emails of the development outbox. */
export async function listOutboxEmails(options: { limit?: number } = {}) {
  return db()
    .select()
    .from(outboxEmails)
    .orderBy(desc(outboxEmails.id))
    .limit(options.limit ?? 50);
}
