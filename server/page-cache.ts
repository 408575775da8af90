// Serves visitors' GET requests from the short-lived page cache (app/lib/page-cache.server.ts),
// with ETag / 304, and renders misses through React Router. Everything else goes to
// @react-router/express unchanged. See docs/decisions/010-page-cache.md.
import type { NextFunction, Request, Response } from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { hasSessionCookie } from '../app/lib/cookies';
import {
  getCachedPage,
  inlineScriptHashes,
  isHtml,
  setCachedPage,
  type CachedPage,
  type RenderedPage,
} from '../app/lib/page-cache.server';
import { sendCachedPage } from './fast-lane';
import { setSecurityHeaders } from './security';

// Headers that belong to one response, not to the cached content.
const PER_RESPONSE = new Set(['set-cookie', 'content-length', 'content-security-policy', 'date', 'etag', 'cache-control', 'vary']);

function toRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return new globalThis.Request(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`, {
    method: 'GET',
    headers,
  });
}

type Rendered = { storable: boolean; page: CachedPage | RenderedPage; rawHeaders: Headers };

/** A visitor's page that may not be stored (it sets a cookie, or says private): sent once. */
function sendUncached(req: Request, res: Response, rendered: Rendered) {
  const { page } = rendered;
  setSecurityHeaders(req, res, isHtml(page.headers) ? inlineScriptHashes(page.body.toString('utf8')) : '');
  res.status(page.status);
  rendered.rawHeaders.forEach((value, name) => res.append(name, value));
  res.end(rendered.page.body);
}

export function createPageCacheHandler(options: {
  build: ServerBuild;
  mode: string | undefined;
  getLoadContext: (req: Request, res: Response) => { cspNonce: string };
  onHit?: (path: string) => void;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  const inflight = new Map<string, Promise<Rendered>>();

  async function render(req: Request, res: Response): Promise<Rendered> {
    // No nonce: a visitor's page is served with the hashes of its scripts (docs/decisions/013).
    const context = { ...options.getLoadContext(req, res), cspNonce: '' };
    const response = await handle(toRequest(req), context);
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push([name, value]);
    });
    const routeCacheControl = response.headers.get('cache-control') ?? '';
    const storable =
      (response.status === 200 || response.status === 404) &&
      !response.headers.has('set-cookie') &&
      !/no-store|private/.test(routeCacheControl);
    const page = { status: response.status, headers, body };
    return { storable, page: storable ? setCachedPage(req.originalUrl, page) : page, rawHeaders: response.headers };
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || hasSessionCookie(req.get('cookie')) || req.path.startsWith('/api/')) {
      next();
      return;
    }
    const key = req.originalUrl;
    // Hits are normally answered by the fast lane; one stored since it looked is served here.
    const hit = getCachedPage(key);
    if (hit) {
      options.onHit?.(req.path);
      sendCachedPage(req, res, hit);
      return;
    }
    try {
      // Concurrent misses for one URL share a single render: when a popular page expires,
      // its visitors must not all hit the database at once.
      let pending = inflight.get(key);
      const leader = !pending;
      if (!pending) {
        pending = render(req, res).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      const rendered = await pending;
      if (rendered.storable) {
        sendCachedPage(req, res, rendered.page as CachedPage);
        return;
      }
      if (!leader) {
        // The shared render could not be cached (a cookie was set, a private page): render our own.
        const own = await render(req, res);
        sendUncached(req, res, own);
        return;
      }
      sendUncached(req, res, rendered);
    } catch (error) {
      next(error);
    }
  };
}
