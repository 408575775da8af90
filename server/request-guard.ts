// What every request passes first, before the fast lane and Express: a URL whose path cannot be
// decoded (bad percent-encoding) and a body declared over the largest cap are answered here, with
// one log line, instead of reaching React Router (which would log a warning for each).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { AppError } from '../app/lib/app-error';
import { logWhenFinished } from './log-url';
import { plainPage } from './plain-page';
import { declaredTooLarge, refuseTooLarge } from './request-body';
import { splitUrl } from './route-patterns';
import { bodyLimitFor, DEFAULT_BODY_BYTES } from './route-rules';
import { setSecurityHeaders } from './security';

const BAD_REQUEST_PAGE = plainPage({
  title: 'URLが正しくありません',
  paragraphs: ['URLに読み取れない文字が含まれています。リンクをもう一度ご確認ください。'],
});

/**
 * The path with its percent-encoding decoded, as React Router decodes it before matching routes,
 * or null when it cannot be. (The decoded value is returned, not dropped: a bundler may remove a
 * call to decodeURIComponent whose result is unused, and the check with it.)
 */
export function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

function wantsJson(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('application/json') || req.headers['x-requested-with'] !== undefined;
}

/** Answers the request and returns true when it cannot go further; otherwise false. */
export function guardRequest(req: IncomingMessage, res: ServerResponse, logger: pino.Logger): boolean {
  const url = req.url ?? '/';
  const { path } = splitUrl(url);
  const malformed = decodePath(path) === null;
  // The route's own cap is checked when the body is read; here only a body over the default cap
  // is looked at, against its route's (the upload's is larger).
  const tooLarge = declaredTooLarge(req, DEFAULT_BODY_BYTES) && declaredTooLarge(req, bodyLimitFor(path));
  if (!malformed && !tooLarge) return false;
  logWhenFinished(logger, req, res, url);
  setSecurityHeaders(req, res, '');
  if (tooLarge) {
    refuseTooLarge(req, res, wantsJson(req));
    return true;
  }
  res.statusCode = 400;
  res.setHeader('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(new AppError('malformed_url').toBody()));
  } else {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(req.method === 'HEAD' ? undefined : BAD_REQUEST_PAGE);
  }
  return true;
}
