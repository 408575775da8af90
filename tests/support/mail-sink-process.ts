// The mail server of the browser tests' shared production server, as a process of its own
// (playwright.config.ts starts it before the site): the site sends through SMTP on SMTP_PORT, and
// every Playwright worker reads what arrived over HTTP on HTTP_PORT.
//
//   GET /healthz          200 once both ports listen
//   GET /messages?to=ADDR every message to ADDR (all when `to` is absent), oldest first, as JSON
//                         [{ to, subject, text }], the subject and text decoded as a student reads them
import { createServer } from 'node:http';
import { type SinkMessage, startSmtpSink } from './smtp-sink';

const smtpPort = Number(process.env.SMTP_PORT);
const httpPort = Number(process.env.HTTP_PORT);
if (!smtpPort || !httpPort) throw new Error('SMTP_PORT and HTTP_PORT are required');

const sink = await startSmtpSink(smtpPort);

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink.test');
  if (url.pathname === '/healthz') {
    response.end('ok');
    return;
  }
  if (url.pathname !== '/messages') {
    response.statusCode = 404;
    response.end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages: SinkMessage[] = sink.messages
    .filter((message) => to === undefined || message.to.some((address) => address.toLowerCase() === to))
    .map((message) => ({ to: message.to, subject: message.subject, text: message.text }));
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(messages));
});
http.listen(httpPort, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    http.close();
    void sink.close().then(() => process.exit(0));
  });
