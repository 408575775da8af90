// A mail server for tests of a production server (NODE_ENV=production sends through SMTP_URL only,
// and has no development outbox): nodemailer's own SMTP server (smtp-server) without
// authentication or TLS accepts every message, and nodemailer's parser (mailparser) reads it as
// the student would: the subject and the text decoded, whatever encoding nodemailer chose for the
// Japanese. Kept in memory for the test to read.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A received email: its envelope, its raw text, and its subject and text as the student reads them. */
export type ReceivedMail = { from: string; to: string[]; data: string; subject: string; text: string };

/** A received email as a student reads it. */
export type SinkMessage = { to: string[]; subject: string; text: string };

export type SmtpSink = {
  url: string;
  /** Every message accepted so far, oldest first. */
  messages: ReceivedMail[];
  close(): Promise<void>;
};

/** Starts the sink on 127.0.0.1, on the given port or a free one. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        simpleParser(data).then((parsed) => {
          const envelope = session.envelope;
          messages.push({
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((recipient) => recipient.address),
            data,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        }, callback);
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
