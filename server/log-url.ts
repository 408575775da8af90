// The request log: one JSON line per request, with secrets taken out of its URL
// (app/lib/logged-url.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { loggedUrl } from '../app/lib/logged-url';

/** Writes the request's one JSON log line when its response is done (Express and the fast lane). */
export function logWhenFinished(logger: pino.Logger, req: IncomingMessage, res: ServerResponse, url: string) {
  if (!logger.isLevelEnabled('info')) return;
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    logger.info({ method: req.method, url: loggedUrl(url), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
  });
}
