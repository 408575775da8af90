// The one CSRF check of the site (docs/decisions/004-csrf.md, 009-accounts.md): every POST,
// PUT, PATCH and DELETE must carry the session's token, before any route runs. A request
// without it gets 422 and nothing else happens.
import { Readable } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { ACCOUNT_ERRORS } from '../app/features/accounts/errors';
import { CSRF_PARAM, isValidCsrfToken, readCookie } from '../app/features/accounts/session-request.server';
import { findSession } from '../app/features/accounts/sessions.server';
import { SESSION_COOKIE } from '../app/lib/cookies';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Form bodies larger than this are refused before parsing (no form of the site comes close). */
const MAX_FORM_BYTES = 10 * 1024 * 1024;

class BodyTooLarge extends Error {}

async function readBody(req: Request): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Lets the routes read a body this check has already read: the request's stream methods are
 * pointed at a replay of the same bytes (React Router reads req as a Node stream).
 */
function replayBody(req: Request, body: Buffer) {
  const replay = Readable.from(body.length ? [body] : []);
  const target = req as unknown as Record<string | symbol, unknown>;
  const source = replay as unknown as Record<string | symbol, (...args: unknown[]) => unknown>;
  for (const name of ['on', 'once', 'off', 'addListener', 'removeListener', 'removeAllListeners', 'prependListener',
    'pause', 'resume', 'read', 'pipe', 'unpipe', 'destroy', 'isPaused', Symbol.asyncIterator] as const) {
    target[name] = source[name]!.bind(replay);
  }
}

async function formToken(req: Request): Promise<string | null> {
  const type = (req.get('content-type') ?? '').toLowerCase();
  const urlencoded = type.startsWith('application/x-www-form-urlencoded');
  const multipart = type.startsWith('multipart/form-data');
  if (!urlencoded && !multipart) return null;
  const body = await readBody(req);
  replayBody(req, body);
  if (urlencoded) return new URLSearchParams(body.toString('utf8')).get(CSRF_PARAM);
  try {
    const form = await new globalThis.Response(new Uint8Array(body), { headers: { 'Content-Type': type } }).formData();
    const value = form.get(CSRF_PARAM);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function wantsJson(req: Request): boolean {
  return (req.get('accept') ?? '').includes('application/json') || req.get('x-requested-with') !== undefined;
}

const PAGE = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>ページの有効期限が切れました | シューログ</title>
<style>body{margin:0;font-family:"Hiragino Kaku Gothic ProN","Noto Sans JP","Noto Sans CJK JP",Meiryo,sans-serif;background:#f6f7f9;color:#222;line-height:1.7}
main{max-width:560px;margin:48px auto;padding:32px 24px;background:#fff;border:1px solid #dde1e7;border-radius:12px}
h1{font-size:21px;margin:0 0 12px}p{margin:0 0 16px;font-size:15px}
a{display:inline-flex;align-items:center;min-height:44px;padding:0 20px;background:#0b7a6b;color:#fff;border-radius:8px;text-decoration:none;font-weight:bold}
@media (max-width:600px){main{margin:16px;padding:24px 16px}}</style></head>
<body><main><h1>ページの有効期限が切れました</h1>
<p>安全のため、この送信は受け付けられませんでした。内容は保存されていません。</p>
<p>お手数ですが、前のページに戻ってページを再読み込みしてから、もう一度送信してください。</p>
<a href="/">トップページへ</a></main></body></html>`;

function refuse(req: Request, res: Response) {
  res.status(422);
  res.setHeader('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    res.json({ error: { code: 'invalid_csrf_token', message: ACCOUNT_ERRORS.invalid_csrf_token.message } });
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
    try {
      const sessionId = readCookie(req.get('cookie'), SESSION_COOKIE);
      const session = sessionId ? await findSession({ id: sessionId }) : null;
      if (!session) {
        refuse(req, res);
        return;
      }
      const headerToken = req.get('x-csrf-token') ?? req.get('x-xsrf-token');
      const submitted = headerToken ?? (await formToken(req));
      if (!isValidCsrfToken(session, submitted)) {
        refuse(req, res);
        return;
      }
      next();
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        res.status(413).type('text/plain; charset=utf-8').send('送信内容が大きすぎます');
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
