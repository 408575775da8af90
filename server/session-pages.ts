// The pages a student opens often and that are rendered for the session (/mypage and its
// sections, /badges: route modules that export `handle = KEPT_FOR_SESSION`), answered before
// Express and kept rendered for that session a few seconds (docs/decisions/072-session-pages-kept.md).
// A kept page is served only while it is what a render would give now:
// - its session is still live and still the same user with the same form token (findSession,
//   from memory: app/features/accounts/personal-rows.server.ts);
// - nothing of the student's own has changed since it was rendered: the database announces every
//   change to what these pages show of the student (migrations 0023, 0024), in whichever process
//   or script it was made, and this process's own writes end the writer's pages when they are
//   answered (server/personal-row-writes.ts);
// - this process has heard every change committed before the request arrived (a round trip on
//   the listening connection, shared by the requests of the moment: app/db/changes.server.ts),
//   and hears every change (no page is kept or served while it may miss one);
// - it is at most TTL_MS old: what others wrote (a clipped post's title, a company's name) and the
//   day's date (deadlines) follow within that time, as the shared pages do.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { changeMark, changesTicket, freshMark } from '../app/db/changes.server';
import { onUserChanged } from '../app/features/accounts/personal-rows.server';
import { findSession, requestSessions, sessionKeyOf, type Session } from '../app/features/accounts/sessions.server';
import { ByteLru } from '../app/lib/byte-lru';
import { forMs, registerCache } from '../app/lib/caches.server';
import { sessionIdOf } from '../app/lib/cookies';
import { loggedUrl } from '../app/lib/logged-url';
import { acceptsGzip, gzippedBody, inlineScriptHashes, isHtml, type RenderedPage } from '../app/lib/page-cache.server';
import { AppError } from '../app/lib/app-error';
import { newNonce, requestProtocol, setSecurityHeaders } from './security';
import { renderedPageOf, toRequest } from './visitor-pages';
import { clientAddress } from './client-address';

const TTL_MS = 10_000;
const MAX_BYTES = 16 * 1024 * 1024;
const PRIVATE = 'private, no-store';

type KeptPage = {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** CSP script sources of the body: its inline scripts' hashes. */
  scriptSources: string;
  gzipped?: Buffer | null;
  sessionKey: string;
  userId: number;
  csrfToken: string;
  expiresAt: number;
};

/** Kept pages by session key and URL; the keys of each user's and each session's pages. */
const pages = new ByteLru<string, KeptPage>(MAX_BYTES, (key, page) => unindex(key, page));
const keysOfUser = new Map<number, Set<string>>();
const keysOfSession = new Map<string, Set<string>>();

registerCache({
  name: 'session pages',
  holds: "a page rendered for a session (/mypage and its sections, /badges), by the session's key and the URL",
  feeds: 'the pages a student opens often that are rendered for the session (routes marked KEPT_FOR_SESSION; server/session-pages.ts)',
  lifetime: `${forMs(TTL_MS)}, and only while the session is the same user with the same form token`,
  invalidatedBy:
    "every change to the student's own rows, heard from the database by every process (migrations 0023, 0024); this process's writes of the session when answered; all of it when the listening connection is lost",
  bound: `${MAX_BYTES / 1024 / 1024} MB of pages, the least recently used go first`,
  size: () => pages.size,
  clear: () => forgetAll(),
});

function addTo<K>(index: Map<K, Set<string>>, owner: K, key: string) {
  const keys = index.get(owner) ?? new Set<string>();
  keys.add(key);
  index.set(owner, keys);
}

function removeFrom<K>(index: Map<K, Set<string>>, owner: K, key: string) {
  const keys = index.get(owner);
  keys?.delete(key);
  if (keys?.size === 0) index.delete(owner);
}

function unindex(key: string, page: KeptPage) {
  removeFrom(keysOfUser, page.userId, key);
  removeFrom(keysOfSession, page.sessionKey, key);
}

function forget(key: string) {
  const page = pages.peek(key);
  if (!page) return;
  pages.delete(key);
  unindex(key, page);
}

function forgetAll() {
  pages.clear();
  keysOfUser.clear();
  keysOfSession.clear();
}

function forgetUser(userId: number) {
  for (const key of keysOfUser.get(userId) ?? []) forget(key);
}

/**
 * A state-changing request of this session was answered: its pages, and those of its user in
 * other sessions, are rendered again, whether or not the database's notification has come back.
 */
export function sessionWriteAnswered(sessionKey: string): void {
  for (const key of keysOfSession.get(sessionKey) ?? []) {
    const page = pages.peek(key);
    forget(key);
    if (page) forgetUser(page.userId);
  }
}

onUserChanged((userId) => (userId === null ? forgetAll() : forgetUser(userId)));

function keep(key: string, rendered: RenderedPage, session: Session & { user: NonNullable<Session['user']> }, sessionKey: string) {
  const page: KeptPage = {
    status: rendered.status,
    headers: rendered.headers,
    body: rendered.body,
    scriptSources: isHtml(rendered.headers) ? inlineScriptHashes(rendered.body, rendered.nonce) : '',
    sessionKey,
    userId: session.user.id,
    csrfToken: session.csrfToken,
    expiresAt: Date.now() + TTL_MS,
  };
  forget(key);
  pages.set(key, page, page.body.length + key.length);
  if (!pages.peek(key)) return page;
  addTo(keysOfUser, page.userId, key);
  addTo(keysOfSession, sessionKey, key);
  return page;
}

/** Sends a session's page, kept or just rendered: private, gzipped when the browser takes it. */
function send(
  req: IncomingMessage,
  res: ServerResponse,
  page: Omit<KeptPage, 'sessionKey' | 'userId' | 'csrfToken' | 'expiresAt'>,
  setCookies: string[] = [],
) {
  setSecurityHeaders(req, res, page.scriptSources);
  for (const [name, value] of page.headers) res.appendHeader(name, value);
  if (setCookies.length > 0) res.setHeader('Set-Cookie', setCookies);
  res.setHeader('Cache-Control', PRIVATE);
  const gzipped = acceptsGzip(req.headers['accept-encoding']) ? gzippedBody(page) : null;
  if (gzipped) {
    res.setHeader('Content-Encoding', 'gzip');
    res.appendHeader('Vary', 'Accept-Encoding');
  }
  const body = gzipped ?? page.body;
  res.setHeader('Content-Length', body.length);
  res.statusCode = page.status;
  res.end(body);
}

/** A kept page may be served to this session now. */
function servable(page: KeptPage | undefined, session: Session | null, now: number): page is KeptPage {
  return page !== undefined && page.expiresAt > now && session?.user?.id === page.userId && session.csrfToken === page.csrfToken;
}

export function createSessionPages(options: { build: ServerBuild; mode: string | undefined; logger: pino.Logger }) {
  const handle = createRequestHandler(options.build, options.mode);

  async function answer(req: IncomingMessage, res: ServerResponse, requestUrl: string, url: URL) {
    // Whatever was committed before this request arrived is heard before a kept page is served.
    const ticket = changesTicket();
    const sessionId = sessionIdOf(req.headers.cookie);
    const sessionKey = sessionId === null ? null : sessionKeyOf(sessionId);
    const session = sessionId === null || sessionKey === null ? null : await findSession({ id: sessionId });
    // Taken before anything of the page is read: a change heard from here on keeps the render from being kept.
    const mark = await freshMark(ticket);
    const key = `${sessionKey} ${requestUrl}`;
    const kept = mark === null || sessionKey === null ? undefined : pages.get(key);
    if (servable(kept, session, Date.now())) {
      send(req, res, kept);
      return;
    }
    if (kept) forget(key);
    const nonce = newNonce();
    const context = { cspNonce: nonce, clientIp: clientAddress(req) };
    // The loaders read the session looked up above (app/features/accounts/session-request.server.ts).
    const scope = new Map(sessionId === null ? [] : [[sessionId, Promise.resolve(session)]]);
    const response = await requestSessions.run(scope, () => handle(toRequest(req, url, false), context));
    const rendered = await renderedPageOf(response, nonce);
    const setCookies = response.headers.getSetCookie();
    const keepable =
      session?.user &&
      sessionKey !== null &&
      mark !== null &&
      changeMark() === mark &&
      response.status === 200 &&
      setCookies.length === 0 &&
      !response.headers.has('vary');
    if (keepable) send(req, res, keep(key, rendered, { ...session, user: session.user! }, sessionKey));
    else send(req, res, { ...rendered, scriptSources: `'nonce-${nonce}'` }, setCookies);
  }

  /** Answers a session's GET of a kept page (`requestUrl`: its path and query). */
  return function sessionPage(req: IncomingMessage, res: ServerResponse, requestUrl: string): boolean {
    let url: URL;
    try {
      url = new URL(requestUrl, `${requestProtocol(req)}://${req.headers.host ?? 'localhost'}`);
    } catch {
      return false;
    }
    answer(req, res, requestUrl, url).catch((error: unknown) => {
      options.logger.error({ err: error, url: loggedUrl(requestUrl) }, 'session page failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      setSecurityHeaders(req, res, '');
      const unavailable = new AppError('unavailable');
      res.writeHead(unavailable.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(unavailable.userMessage);
    });
    return true;
  };
}
