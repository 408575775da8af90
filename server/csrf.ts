// The one CSRF check of the site (docs/decisions/004-csrf.md, 009-accounts.md): every POST,
// PUT, PATCH and DELETE must carry the session's token, before any route runs. A request
// without it gets 422 and nothing else happens. One sent from another site (its Origin header)
// gets 403, in Japanese: React Router's own check of the Origin answered a bare English "Bad
// Request" and logged an error (docs/decisions/052), so this one replaces it.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../app/lib/app-error';
import { isValidCsrfToken } from '../app/features/accounts/session-request.server';
import { CSRF_PARAM } from '../app/lib/csrf';
import { readHeldBody, textField } from '../app/lib/form-data.server';
import { findSession, requestSessions } from '../app/features/accounts/sessions.server';
import { publicOrigin } from '../app/lib/config.server';
import { sessionIdOf, setsSessionCookie } from '../app/lib/cookies';
import { plainPage } from './plain-page';
import { BodyTooLarge, closeAfterStreamedBody, declaredTooLarge, readBodyOnce, refuseTooLarge } from './request-body';
import { bodyLimitFor, isSignedUrlWrite, streamedBodyLimit } from './route-rules';
import { requestProtocol } from './security';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The token a script sends in a header: X-CSRF-Token (the site's calls, docs/product/calls.md#conventions-of-every-call) or X-XSRF-TOKEN (the cookie echoed). */
export function headerToken(headers: IncomingHttpHeaders): string | null {
  const value = headers['x-csrf-token'] ?? headers['x-xsrf-token'];
  return typeof value === 'string' ? value : null;
}

/**
 * The token a body carries, wherever the calls of docs/product/calls.md put it: the authenticity_token field of a
 * form (urlencoded or multipart) or of a JSON object, read by the routes' own body reader
 * (app/lib/form-data.server.ts). Anything unreadable carries none.
 */
async function bodyToken(contentType: string | undefined, body: Buffer): Promise<string | null> {
  return textField(await readHeldBody(contentType, body), CSRF_PARAM);
}

/**
 * A state-changing request sent from another site: its Origin header (which browsers send with
 * every POST, PUT, PATCH and DELETE) names neither the site's public origin nor the origin the
 * request was sent to. "null" (a sandboxed frame, a document of no origin) is another site too.
 * A request without the header is a script's: the token alone decides.
 */
export function isForeignOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const own = `${requestProtocol(req)}://${req.headers.host ?? ''}`;
  try {
    const sent = new URL(origin).origin;
    return sent !== own && sent !== new URL(publicOrigin()).origin;
  } catch {
    return true;
  }
}

const FOREIGN_PAGE = plainPage({
  title: 'この送信は受け付けられません',
  paragraphs: [
    'ほかのサイトからの送信は受け付けていません。内容は保存されていません。',
    'シューログのページを開いてから、もう一度送信してください。',
  ],
});

/** Script calls and React Router's own data requests (`.data`) read a JSON answer, not a page. */
export function wantsJson(req: Request): boolean {
  return (req.get('accept') ?? '').includes('application/json') || req.get('x-requested-with') !== undefined || req.path.endsWith('.data');
}

const PAGE = plainPage({
  title: 'ページの有効期限が切れました',
  paragraphs: [
    '安全のため、この送信は受け付けられませんでした。内容は保存されていません。',
    'お手数ですが、前のページに戻ってページを再読み込みしてから、もう一度送信してください。',
  ],
});

const PAGES = { invalid_csrf_token: PAGE, foreign_origin: FOREIGN_PAGE };

/** The refusal, before any route: the JSON error for a script, the page for a browser. */
function refuse(req: Request, res: Response, code: keyof typeof PAGES = 'invalid_csrf_token') {
  const error = new AppError(code);
  res.status(error.status);
  res.setHeader('Cache-Control', 'no-store');
  // A body that was not read is not read afterwards either (Node would drain it to reuse the connection).
  if (!req.readableEnded && (req.get('content-length') ?? '0') !== '0') res.setHeader('Connection', 'close');
  if (wantsJson(req)) {
    res.json(error.toBody());
    return;
  }
  res.type('text/html; charset=utf-8').send(PAGES[code]);
}

export function csrfProtection() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!UNSAFE.has(req.method)) {
      next();
      return;
    }
    // The cap applies before anything else reads the body, whatever carries the token.
    const limit = bodyLimitFor(req.path);
    if (declaredTooLarge(req, limit)) {
      refuseTooLarge(req, res, wantsJson(req));
      return;
    }
    if (isForeignOrigin(req)) {
      refuse(req, res, 'foreign_origin');
      return;
    }
    // Checked here, once: React Router would check the Origin again against the URL it rebuilds
    // from the headers, and answer a request behind a proxy in English.
    delete req.headers.origin;
    // A one-click unsubscribe (RFC 8058): its signed URL is the key, posted by a mail client.
    if (isSignedUrlWrite(req.path)) {
      next();
      return;
    }
    try {
      const sessionId = sessionIdOf(req.get('cookie'));
      const session = sessionId ? await findSession({ id: sessionId }) : null;
      if (!session) {
        refuse(req, res);
        return;
      }
      // A streamed upload's body is the route's to read (a file written to disk as it comes): its
      // token travels in the header only.
      const streamed = streamedBodyLimit(req.path) !== undefined;
      if (streamed) closeAfterStreamedBody(req, res);
      const body = streamed ? null : await readBodyOnce(req, limit);
      const submitted = headerToken(req.headers) ?? (body && (await bodyToken(req.get('content-type'), body)));
      if (!isValidCsrfToken(session, submitted)) {
        refuse(req, res);
        return;
      }
      // The route's guard reads this session instead of looking it up again.
      requestSessions.run(new Map([[sessionId!, Promise.resolve(session)]]), next);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        refuseTooLarge(req, res, wantsJson(req));
        return;
      }
      next(error);
    }
  };
}

/**
 * Responses to a session (a request with the session cookie, or one that sets it) are private:
 * no shared cache, no browser cache, whatever the route said.
 */
export function privateSessionResponses() {
  return (req: Request, res: Response, next: NextFunction) => {
    const hadSession = sessionIdOf(req.get('cookie')) !== null;
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: Response, ...args: Parameters<Response['writeHead']>) {
      if (hadSession || setsSessionCookie(res.getHeader('set-cookie'))) {
        res.setHeader('Cache-Control', 'private, no-store');
        res.removeHeader('ETag');
      }
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
