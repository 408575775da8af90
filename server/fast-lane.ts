// The requests that most visitors make, answered before Express: the search box's suggestions
// and visitors' pages (from the page cache, or rendered by React Router without Express's
// middleware: server/visitor-pages.ts). See docs/decisions/013-fast-lane.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type pino from 'pino';
import { answerCompanySuggestions } from '../app/features/search/answer-company-suggestions.server';
import { hasSessionCookie } from '../app/lib/cookies';
import { acceptsGzip, GZIP_THRESHOLD } from '../app/lib/page-cache.server';
import { loggedUrl } from '../app/lib/logged-url';
import { logWhenFinished } from './log-url';
import { setSecurityHeaders } from './security';

/** Paths that look like files go to Express's static files; `.data` is React Router's data URL. */
const FILE_LIKE = /\.(?!data$)[a-z0-9]+$/i;
/** Answered by Express: its health check and the API routes other than the search call. */
const EXPRESS_ONLY = /^\/(?:healthz$|api\/)/;

export type VisitorPages = (req: IncomingMessage, res: ServerResponse, url: string, path: string) => boolean;

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, data: unknown, cacheControl: string) {
  setSecurityHeaders(req, res, '');
  let body = Buffer.from(JSON.stringify(data), 'utf8');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (body.length >= GZIP_THRESHOLD && acceptsGzip(req.headers['accept-encoding'])) {
    body = gzipSync(body);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.statusCode = status;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** GET /api/company?source=incremental&company_name=… (SPEC.md section 7). */
async function answerSearch(req: IncomingMessage, res: ServerResponse, query: string, logger: pino.Logger) {
  try {
    const answer = await answerCompanySuggestions(new URLSearchParams(query));
    // A session's responses are private (server/csrf.ts privateSessionResponses), even public data.
    const cacheControl = hasSessionCookie(req.headers.cookie)
      ? 'private, no-store'
      : answer.status === 200
        ? 'public, max-age=10'
        : 'no-store';
    sendJson(req, res, answer.status, answer.body, cacheControl);
  } catch (error) {
    logger.error({ err: error, url: loggedUrl(req.url ?? '') }, 'company search failed');
    if (res.headersSent) return;
    sendJson(
      req,
      res,
      503,
      { error: { code: 'unavailable', message: '検索できませんでした。しばらくしてからもう一度お試しください。' } },
      'no-store',
    );
  }
}

export function createFastLane(options: { logger: pino.Logger; visitorPages: VisitorPages }) {
  const { logger, visitorPages } = options;
  /** Answers the request and returns true, or returns false and leaves it to Express. */
  return function fastLane(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const isSearch = path === '/api/company';
    const isVisitorPage =
      !isSearch && req.method === 'GET' && !EXPRESS_ONLY.test(path) && !FILE_LIKE.test(path) && !hasSessionCookie(req.headers.cookie);
    if (!isSearch && !isVisitorPage) return false;
    if (isSearch) void answerSearch(req, res, queryAt === -1 ? '' : url.slice(queryAt + 1), logger);
    else if (!visitorPages(req, res, url, path)) return false;
    logWhenFinished(logger, req, res, url);
    return true;
  };
}
