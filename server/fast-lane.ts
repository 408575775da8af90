// The requests that most visitors make, answered before Express: the search box's suggestions
// and visitors' pages (from the page cache, or rendered by React Router without Express's
// middleware: server/visitor-pages.ts). See docs/decisions/013-fast-lane.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { answerCompanySuggestions } from '../app/features/search/answer-company-suggestions.server';
import { hasSessionCookie } from '../app/lib/cookies';
import { loggedUrl } from '../app/lib/logged-url';
import { PERSONAL_PATH } from '../app/lib/personal-parts';
import type { Audience, SharedPageKind } from '../app/lib/shared-page';
import { logWhenFinished } from './log-url';
import { sendJson } from './json-answer';
import { setSecurityHeaders } from './security';

/** Paths that look like files go to Express's static files; `.data` is React Router's data URL. */
const FILE_LIKE = /\.(?!data$)[a-z0-9]+$/i;
/** Answered by Express: its health check and the API routes other than the search call. */
const EXPRESS_ONLY = /^\/(?:healthz$|api\/)/;

export type VisitorPages = (
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  path: string,
  kind: SharedPageKind,
  audience: Audience,
) => boolean;

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

export function createFastLane(options: {
  logger: pino.Logger;
  visitorPages: VisitorPages;
  /** Whether a path is a shared page, served to students from the visitors' cache (docs/decisions/030). */
  isSharedPage: (path: string) => SharedPageKind;
  /** The personal call of shared pages (server/personal-call.ts). */
  personalCall?: (req: IncomingMessage, res: ServerResponse, query: string) => Promise<void>;
  /** Whether a request with a session cookie is a member's, for pages shared by audience. */
  audienceOf?: (req: IncomingMessage) => Promise<Audience>;
}) {
  const { logger, visitorPages, isSharedPage, personalCall, audienceOf } = options;

  /** A page shared by audience, for a request with a session cookie: a member's or a visitor's page. */
  async function pageByAudience(req: IncomingMessage, res: ServerResponse, url: string, path: string, kind: SharedPageKind) {
    try {
      const audience = audienceOf ? await audienceOf(req) : 'visitor';
      if (visitorPages(req, res, url, path, kind, audience)) return;
      setSecurityHeaders(req, res, '');
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('リクエストを読み取れませんでした');
    } catch (error) {
      logger.error({ err: error, url: loggedUrl(url) }, 'session check failed');
      if (res.headersSent) return;
      setSecurityHeaders(req, res, '');
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('しばらくしてからもう一度お試しください。');
    }
  }
  /** Answers the request and returns true, or returns false and leaves it to Express. */
  return function fastLane(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/';
    if (personalCall && (url === PERSONAL_PATH || url.startsWith(`${PERSONAL_PATH}?`))) {
      if (req.method === 'GET') void personalCall(req, res, url.slice(PERSONAL_PATH.length + 1));
      else {
        res.setHeader('Allow', 'GET');
        sendJson(req, res, 405, { error: { code: 'method_not_allowed', message: 'この操作はできません。' } }, 'no-store');
      }
      logWhenFinished(logger, req, res, url);
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    if (path === '/api/company') void answerSearch(req, res, query, logger);
    else {
      if (req.method !== 'GET' || EXPRESS_ONLY.test(path) || FILE_LIKE.test(path)) return false;
      // A session's page is its own unless the page is shared: then it is the visitors' page.
      const kind = isSharedPage(path);
      const session = hasSessionCookie(req.headers.cookie);
      if (kind === 'personal' && session) return false;
      if (kind === 'shared-by-audience' && session) void pageByAudience(req, res, url, path, kind);
      else if (!visitorPages(req, res, url, path, kind, 'visitor')) return false;
    }
    logWhenFinished(logger, req, res, url);
    return true;
  };
}
