// What the request log keeps of a URL: password-reset tokens are secrets for 30 minutes, so a
// log line (read by more people and kept longer than the database) never holds one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';

const SECRET_PATH = /^(\/password_reset\/)[^/?#]+/;
const SECRET_PARAMS = new Set(['token', 'authenticity_token', 'password']);

export function loggedUrl(url: string): string {
  let safe = url.replace(SECRET_PATH, '$1[redacted]');
  const queryAt = safe.indexOf('?');
  if (queryAt === -1) return safe;
  const params = new URLSearchParams(safe.slice(queryAt + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_PARAMS.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  if (changed) safe = `${safe.slice(0, queryAt)}?${params.toString()}`;
  return safe;
}

/** Writes the request's one JSON log line when its response is done (Express and the fast lane). */
export function logWhenFinished(logger: pino.Logger, req: IncomingMessage, res: ServerResponse, url: string) {
  if (!logger.isLevelEnabled('info')) return;
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    logger.info({ method: req.method, url: loggedUrl(url), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
  });
}
