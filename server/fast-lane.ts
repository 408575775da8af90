// The requests that most visitors make, answered before Express and React Router: the search
// box's suggestions and pages already in the visitor page cache. Each costs a few microseconds
// of our code instead of a framework's per-request work. See docs/decisions/013-fast-lane.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type pino from 'pino';
import { answerCompanySuggestions } from '../app/features/search/answer-company-suggestions.server';
import { hasSessionCookie } from '../app/lib/cookies';
import { acceptsGzip, etagMatches, getCachedPage, gzippedBody, type CachedPage } from '../app/lib/page-cache.server';
import { loggedUrl } from './log-url';
import { setSecurityHeaders } from './security';

const VISITOR_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const GZIP_THRESHOLD = 1024;

/** Sends a page of the visitor cache (a hit, or the render that just filled it), with ETag / 304. */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
  setSecurityHeaders(req, res, page.scriptSources);
  res.setHeader('ETag', page.etag);
  res.setHeader('Cache-Control', VISITOR_CACHE_CONTROL);
  res.setHeader('Vary', 'Cookie, Accept-Encoding');
  if (etagMatches(req.headers['if-none-match'], page.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  for (const [name, value] of page.headers) res.appendHeader(name, value);
  const gzipped = acceptsGzip(req.headers['accept-encoding']) ? gzippedBody(page) : null;
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  const body = gzipped ?? page.body;
  res.setHeader('Content-Length', body.length);
  res.statusCode = page.status;
  res.end(req.method === 'HEAD' ? undefined : body);
}

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
    sendJson(req, res, 503, { error: { code: 'unavailable', message: '検索できませんでした。しばらくしてからもう一度お試しください。' } }, 'no-store');
  }
}

export function createFastLane(options: { logger: pino.Logger; onPageHit?: (path: string) => void }) {
  const { logger, onPageHit } = options;
  /** Answers the request and returns true, or returns false and leaves it to Express. */
  return function fastLane(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    let page: CachedPage | undefined;
    const isSearch = path === '/api/company';
    if (!isSearch) {
      if (req.method !== 'GET' || path.startsWith('/api/') || hasSessionCookie(req.headers.cookie)) return false;
      page = getCachedPage(url);
      if (!page) return false;
    }
    // The same request log line as the Express app writes.
    if (logger.isLevelEnabled('info')) {
      const start = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        logger.info({ method: req.method, url: loggedUrl(url), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
      });
    }
    if (page) {
      onPageHit?.(path);
      sendCachedPage(req, res, page);
    } else {
      void answerSearch(req, res, queryAt === -1 ? '' : url.slice(queryAt + 1), logger);
    }
    return true;
  };
}
