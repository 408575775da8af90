// The one CSRF check of the site (docs/decisions/004-csrf.md, 009-accounts.md): every POST,
// PUT, PATCH and DELETE must carry the session's token, before any route runs. A request
// without it gets 422 and nothing else happens.
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../app/lib/app-error';
import { isValidCsrfToken, readCookie } from '../app/features/accounts/session-request.server';
import { CSRF_PARAM } from '../app/lib/csrf';
import { checkedSessions, findSession } from '../app/features/accounts/sessions.server';
import { SESSION_COOKIE } from '../app/lib/cookies';
import { plainPage } from './plain-page';
import { bodyLimitFor, BodyTooLarge, declaredTooLarge, readBodyOnce, refuseTooLarge } from './request-body';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The token a script sends in a header: X-CSRF-Token (SPEC.md's clients) or X-XSRF-TOKEN (the cookie echoed). */
export function headerToken(headers: IncomingHttpHeaders): string | null {
  const value = headers['x-csrf-token'] ?? headers['x-xsrf-token'];
  return typeof value === 'string' ? value : null;
}

/**
 * The token a body carries, wherever SPEC.md's calls put it: the authenticity_token field of a
 * form (urlencoded or multipart) or of a JSON object. Anything unreadable carries none.
 */
async function bodyToken(type: string, body: Buffer): Promise<string | null> {
  const mediaType = type.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/x-www-form-urlencoded') return new URLSearchParams(body.toString('utf8')).get(CSRF_PARAM);
  try {
    if (mediaType === 'multipart/form-data') {
      const form = await new globalThis.Response(new Uint8Array(body), { headers: { 'Content-Type': type } }).formData();
      const value = form.get(CSRF_PARAM);
      return typeof value === 'string' ? value : null;
    }
    if (mediaType === 'application/json') {
      const value = (JSON.parse(body.toString('utf8')) as Record<string, unknown> | null)?.[CSRF_PARAM];
      return typeof value === 'string' ? value : null;
    }
  } catch {
    // A broken body carries no token.
  }
  return null;
}

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

function refuse(req: Request, res: Response) {
  res.status(422);
  res.setHeader('Cache-Control', 'no-store');
  // A body that was not read is not read afterwards either (Node would drain it to reuse the connection).
  if (!req.readableEnded && (req.get('content-length') ?? '0') !== '0') res.setHeader('Connection', 'close');
  if (wantsJson(req)) {
    res.json(new AppError('invalid_csrf_token').toBody());
    return;
  }
  res.type('text/html; charset=utf-8').send(PAGE);
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
    try {
      const sessionId = readCookie(req.get('cookie'), SESSION_COOKIE);
      const session = sessionId ? await findSession({ id: sessionId }) : null;
      if (!session) {
        refuse(req, res);
        return;
      }
      const body = await readBodyOnce(req, limit);
      const submitted = headerToken(req.headers) ?? (await bodyToken(req.get('content-type') ?? '', body));
      if (!isValidCsrfToken(session, submitted)) {
        refuse(req, res);
        return;
      }
      // The route's guard reads this session instead of looking it up again.
      checkedSessions.run({ id: sessionId!, session }, next);
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
    const hadSession = readCookie(req.get('cookie'), SESSION_COOKIE) !== null;
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: Response, ...args: Parameters<Response['writeHead']>) {
      const setCookie = String(res.getHeader('set-cookie') ?? '');
      if (hadSession || setCookie.includes(`${SESSION_COOKIE}=`)) {
        res.setHeader('Cache-Control', 'private, no-store');
        res.removeHeader('ETag');
      }
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
