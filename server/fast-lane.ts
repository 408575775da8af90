// The requests that most visitors make, answered before Express: the search box's suggestions,
// the shared pages' personal call and visitors' pages (from the page cache, or rendered by React
// Router without Express's middleware: server/visitor-pages.ts). Which URLs, server/route-rules.ts
// says (FAST_LANE). See docs/decisions/013-fast-lane.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { answerSearchCall } from '../app/features/search/search-call.server';
import { AppError } from '../app/lib/app-error';
import { hasSessionCookie } from '../app/lib/cookies';
import { loggedUrl } from '../app/lib/logged-url';
import type { Audience, SharedPageKind } from '../app/lib/shared-page';
import { logWhenFinished } from './log-url';
import { sendJson } from './json-answer';
import { splitUrl } from './route-patterns';
import { isFileLike, laneOf } from './route-rules';
import { setSecurityHeaders } from './security';

export type VisitorPages = (
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  path: string,
  kind: SharedPageKind,
  audience: Audience,
) => boolean;

/** GET /api/company?source=incremental&company_name=… (docs/product/calls.md#company-search-call), answered as its route module would. */
async function answerSearch(req: IncomingMessage, res: ServerResponse, query: string, logger: pino.Logger) {
  const session = hasSessionCookie(req.headers.cookie);
  const answer = await answerSearchCall(new URLSearchParams(query), { session, logger, url: req.url ?? '' });
  if (!res.headersSent) sendJson(req, res, answer.status, answer.body, answer.cacheControl);
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
  /** Whether a page rendered for the session is kept for it a few seconds (docs/decisions/072). */
  isKeptForSession?: (path: string) => boolean;
  /** Those pages, for a request with a session cookie (server/session-pages.ts). */
  sessionPages?: (req: IncomingMessage, res: ServerResponse, url: string) => boolean;
}) {
  const { logger, visitorPages, isSharedPage, personalCall, audienceOf, isKeptForSession, sessionPages } = options;

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
      const unavailable = new AppError('unavailable');
      res.writeHead(unavailable.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(unavailable.userMessage);
    }
  }
  /** Answers the request and returns true, or returns false and leaves it to Express. */
  return function fastLane(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/';
    const { path, query } = splitUrl(url);
    const lane = laneOf(path)?.lane;
    if (personalCall && lane === 'personalCall') {
      if (req.method === 'GET') void personalCall(req, res, query);
      else {
        const error = new AppError('method_not_allowed', { headers: { Allow: 'GET' } });
        for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
        sendJson(req, res, error.status, error.toBody(), 'no-store');
      }
      logWhenFinished(logger, req, res, url);
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (lane === 'suggestions') void answerSearch(req, res, query, logger);
    else {
      // Express's calls, and the fast lane's own on another method, are no pages.
      if (req.method !== 'GET' || lane !== undefined || isFileLike(path)) return false;
      // A session's page is its own unless the page is shared: then it is the visitors' page.
      const kind = isSharedPage(path);
      const session = hasSessionCookie(req.headers.cookie);
      if (kind === 'personal' && session) {
        if (!sessionPages || !isKeptForSession?.(path) || !sessionPages(req, res, url)) return false;
      } else if (kind === 'shared-by-audience' && session) void pageByAudience(req, res, url, path, kind);
      else if (!visitorPages(req, res, url, path, kind, 'visitor')) return false;
    }
    logWhenFinished(logger, req, res, url);
    return true;
  };
}
