// Visitors' page requests (GET, no session cookie): served from the short-lived page cache
// (app/lib/page-cache.server.ts) with ETag / 304, and on a miss rendered by React Router
// directly on node:http, without Express's middleware. Concurrent misses for one URL share a
// single render. See docs/decisions/010-page-cache.md and 013-fast-lane.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { setsSessionCookie } from '../app/lib/cookies';
import {
  acceptsGzip,
  etagMatches,
  getCachedPage,
  gzippedBody,
  setCachedPage,
  type CachedPage,
  type RenderedPage,
} from '../app/lib/page-cache.server';
import { type Audience, deviceClass, type SharedPageKind } from '../app/lib/shared-page';
import { newNonce, requestProtocol, setSecurityHeaders } from './security';
import { clientAddress } from './client-address';

const VISITOR_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
// Headers that belong to one response, not to the cached content.
// A route's own Vary (User-Agent, for a page cached by device class) is kept and added to ours.
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'content-security-policy', 'date', 'etag', 'cache-control']);

/** Sends a page of the visitor cache (a hit, or the render that just filled it), with ETag / 304. */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
  setSecurityHeaders(req, res, page.scriptSources);
  res.setHeader('ETag', page.etag);
  res.setHeader('Cache-Control', VISITOR_CACHE_CONTROL);
  // One Vary line: ours, and the route's own (User-Agent for a page cached by device class).
  const routeVary = page.headers.filter(([name]) => name === 'vary').map(([, value]) => value);
  res.setHeader('Vary', ['Cookie, Accept-Encoding', ...routeVary].join(', '));
  if (etagMatches(req.headers['if-none-match'], page.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  for (const [name, value] of page.headers) if (name !== 'vary') res.appendHeader(name, value);
  const gzipped = acceptsGzip(req.headers['accept-encoding']) ? gzippedBody(page) : null;
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  const body = gzipped ?? page.body;
  res.setHeader('Content-Length', body.length);
  res.statusCode = page.status;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A response of React Router as a page to keep: its body read, the headers that belong to one response left out. */
export async function renderedPageOf(response: Response, nonce: string): Promise<RenderedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers.push([name, value]);
  });
  return { status: response.status, headers, body, nonce };
}

type Rendered = { storable: true; page: CachedPage } | { storable: false; page: RenderedPage; rawHeaders: Headers };

/** A visitor's page that may not be stored (it sets a cookie, or says private): sent once. */
function sendUncached(req: IncomingMessage, res: ServerResponse, page: RenderedPage, rawHeaders: Headers) {
  setSecurityHeaders(req, res, `'nonce-${page.nonce}'`);
  rawHeaders.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') res.appendHeader(name, value);
  });
  const cookies = rawHeaders.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  // A response that starts a session is private, whatever the route said (server/csrf.ts).
  if (setsSessionCookie(cookies)) res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Length', page.body.length);
  res.statusCode = page.status;
  res.end(page.body);
}

/** The web Request of a page; a shared page's without the cookie, so that no loader can read a session. */
export function toRequest(req: IncomingMessage, url: URL, shared: boolean): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (shared && key === 'cookie') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return new Request(url, { method: 'GET', headers });
}

export function createVisitorPages(options: {
  build: ServerBuild;
  mode: string | undefined;
  logger: pino.Logger;
  onHit?: (path: string) => void;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  const inflight = new Map<string, Promise<Rendered>>();

  async function render(key: string, req: IncomingMessage, url: URL, shared: boolean, audience: Audience): Promise<Rendered> {
    // A nonce for this render only; stored pages are served with the hashes of the scripts that
    // carry it (docs/decisions/013).
    const nonce = newNonce();
    const context = { cspNonce: nonce, clientIp: clientAddress(req), sharedPage: shared, audience };
    const response = await handle(toRequest(req, url, shared), context);
    const page = await renderedPageOf(response, nonce);
    const routeCacheControl = response.headers.get('cache-control') ?? '';
    const storable =
      (response.status === 200 || response.status === 404) &&
      !response.headers.has('set-cookie') &&
      !/no-store|private/.test(routeCacheControl);
    return storable ? { storable, page: setCachedPage(key, page) } : { storable, page, rawHeaders: response.headers };
  }

  async function renderAndSend(key: string, req: IncomingMessage, res: ServerResponse, url: URL, shared: boolean, audience: Audience) {
    try {
      // Concurrent misses for one URL share a single render: when a popular page expires,
      // its visitors must not all hit the database at once.
      let pending = inflight.get(key);
      const leader = !pending;
      if (!pending) {
        pending = render(key, req, url, shared, audience).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      // The shared render could not be stored (a cookie was set, a private page): render our own.
      let rendered = await pending;
      if (!rendered.storable && !leader) rendered = await render(key, req, url, shared, audience);
      if (rendered.storable) sendCachedPage(req, res, rendered.page);
      else sendUncached(req, res, rendered.page, rendered.rawHeaders);
    } catch (error) {
      options.logger.error({ err: error }, 'page render failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      setSecurityHeaders(req, res, '');
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end('エラーが発生しました');
    }
  }

  /**
   * Answers a visitor's GET of `url` (already known to be a page, not a file or an API call), or
   * anyone's GET of a shared page (`shared`: rendered without the cookie, docs/decisions/030):
   * from the cache, or rendered. False when the URL cannot be read: Express answers it then.
   */
  return function visitorPage(
    req: IncomingMessage,
    res: ServerResponse,
    requestUrl: string,
    path: string,
    kind: SharedPageKind,
    audience: Audience,
  ): boolean {
    // Pages never depend on the Host header (absolute URLs come from PUBLIC_ORIGIN), so the path
    // and query alone are the key: a forged Host can neither poison the cache nor multiply it.
    // A page that differs by device class is stored once per class, never per User-Agent; one
    // that differs by audience once for members and once for visitors.
    const key =
      kind === 'shared-by-device'
        ? `${requestUrl}#${deviceClass(req.headers['user-agent'])}`
        : kind === 'shared-by-audience'
          ? `${requestUrl}#${audience}`
          : requestUrl;
    const shared = kind !== 'personal';
    const hit = getCachedPage(key);
    if (hit) {
      options.onHit?.(path);
      sendCachedPage(req, res, hit);
      return true;
    }
    let url: URL;
    try {
      url = new URL(requestUrl, `${requestProtocol(req)}://${req.headers.host ?? 'localhost'}`);
    } catch {
      return false;
    }
    void renderAndSend(key, req, res, url, shared, audience);
    return true;
  };
}
