// A mail server for tests of a production server (NODE_ENV=production sends through SMTP_URL only,
// and has no development outbox): it speaks the few SMTP commands nodemailer sends without
// authentication or TLS, accepts every message and keeps it in memory for the test to read.
import { createServer, type Server, type Socket } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

/** A received email as a student reads it. */
export type SinkMessage = { to: string[]; subject: string; text: string };

/**
 * The text of a single-part message as the student reads it: its body decoded from base64 or
 * quoted-printable, whichever nodemailer chose for the Japanese text.
 */
export function mailText(mail: ReceivedMail): string {
  const split = mail.data.indexOf('\r\n\r\n');
  const head = mail.data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = mail.data.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const text = body.replace(/=\r\n/g, '');
    for (let i = 0; i < text.length; i++) {
      const hex = text[i] === '=' ? /^[0-9A-F]{2}/i.exec(text.slice(i + 1, i + 3))?.[0] : undefined;
      if (hex) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

export type SmtpSink = {
  url: string;
  /** Every message accepted so far, oldest first. */
  messages: ReceivedMail[];
  close(): Promise<void>;
};

function serve(socket: Socket, messages: ReceivedMail[]) {
  let buffer = '';
  let envelope: { from: string; to: string[] } = { from: '', to: [] };
  let data: string[] | null = null;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 sink.test ESMTP');
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line === '.') {
          messages.push({ ...envelope, data: data.join('\r\n') });
          envelope = { from: '', to: [] };
          data = null;
          reply('250 OK: queued');
        } else data.push(line.startsWith('..') ? line.slice(1) : line);
        continue;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO') reply('250-sink.test\r\n250-8BITMIME\r\n250 SMTPUTF8');
      else if (command === 'HELO' || command === 'RSET' || command === 'NOOP') reply('250 OK');
      else if (command === 'MAIL') {
        envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        reply('250 OK');
      } else if (command === 'RCPT') {
        envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 OK');
      } else if (command === 'DATA') {
        data = [];
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (command === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('502 Command not implemented');
    }
  });
  socket.on('error', () => socket.destroy());
}

/**
 * A header of a message as the student reads it: folded lines joined and RFC 2047 encoded words
 * (=?UTF-8?B?…?= and =?UTF-8?Q?…?=, nodemailer's way of writing a Japanese subject) decoded.
 */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.data.slice(0, mail.data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const raw = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1];
  if (raw === undefined) return undefined;
  // Whitespace between two encoded words is not part of the text, and a character's bytes may be
  // split between two words: the bytes are joined first, then read as UTF-8.
  const parts = raw.replace(/(\?=)\s+(=\?)/g, '$1$2').split(/(=\?[^?]+\?[BQ]\?[^?]*\?=)/i);
  const bytes = parts.map((part) => {
    const word = /^=\?[^?]+\?([BQ])\?([^?]*)\?=$/i.exec(part);
    if (!word) return Buffer.from(part, 'utf8');
    if (word[1]!.toUpperCase() === 'B') return Buffer.from(word[2]!, 'base64');
    return Buffer.from(
      word[2]!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    );
  });
  return Buffer.concat(bytes).toString('utf8');
}

/** Starts the sink on 127.0.0.1, on the given port or a free one. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, messages);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
