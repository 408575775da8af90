// The emails the browser tests' shared server sent, read from its mail sink
// (tests/support/mail-sink-process.ts, started by playwright.config.ts beside the server).
import type { SinkMessage } from './smtp-sink';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The sink's SMTP port: the shared server's SMTP_URL. */
export const MAIL_SINK_SMTP_PORT = E2E_PORT + 20;
/** The sink's HTTP port, where the tests read what arrived. */
export const MAIL_SINK_HTTP_PORT = E2E_PORT + 21;
export const MAIL_SINK_SMTP_URL = `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`;

/** Every email to `address` so far, oldest first: its subject and its text as the student reads them. */
export async function emailsTo(address: string): Promise<SinkMessage[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`the mail sink answered ${response.status}`);
  return (await response.json()) as SinkMessage[];
}
