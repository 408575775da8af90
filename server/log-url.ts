// The request log: one JSON line per request, with secrets taken out of its URL
// (app/lib/logged-url.ts) and the request's id (app/lib/request-scope.server.ts). Under load the
// lines add up (40–50 MB for a benchmark run): LOG_REQUESTS keeps a share of the ordinary ones,
// and every failed or slow request is logged whatever the share.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { loggedUrl } from '../app/lib/logged-url';
import { currentRequestId } from '../app/lib/request-scope.server';

/** A request at least this slow is always logged. */
const SLOW_MS = 1_000;

let share = 1;

/** The share of ordinary requests logged (LOG_REQUESTS; 1 by default). */
export function setRequestLogShare(value: number): void {
  share = value;
}

/** Whether a finished request's line is written. */
export function requestLogged(status: number, ms: number, draw = Math.random): boolean {
  return share >= 1 || status >= 500 || ms >= SLOW_MS || (share > 0 && draw() < share);
}

/** Writes the request's one JSON log line when its response is done (Express and the fast lane). */
export function logWhenFinished(logger: pino.Logger, req: IncomingMessage, res: ServerResponse, url: string) {
  if (!logger.isLevelEnabled('info')) return;
  const start = process.hrtime.bigint();
  // Taken now: the finish event may come from outside the request's scope.
  const reqId = currentRequestId();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (!requestLogged(res.statusCode, ms)) return;
    logger.info({ reqId, method: req.method, url: loggedUrl(url), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
  });
}
