// Request bodies, capped before they are read (issue 11). Every POST, PUT, PATCH and DELETE body
// is read here once, up to the cap of its route (bodyLimitFor, server/route-rules.ts), before the
// CSRF check and any route runs;
// routes then read the same bytes again (React Router reads the request as a Node stream).
// A body over the cap gets 413 and the connection is closed, so the rest is never read.
import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../app/lib/app-error';
import { plainPage } from './plain-page';

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = 'BodyTooLarge';
  }
}

/** The declared length is already over the cap: refuse without reading a byte. */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/**
 * Reads the whole body, or rejects with BodyTooLarge as soon as it passes `limit` bytes. The
 * stream is paused, not destroyed, at the limit (a for-await loop left early would destroy it,
 * and the socket with it, before the 413 is sent).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (declaredTooLarge(req, limit)) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * Lets the routes read a body that was already read: the request's stream methods are pointed at
 * a replay of the same bytes.
 */
export function replayBody(req: IncomingMessage, body: Buffer) {
  const replay = Readable.from(body.length ? [body] : []);
  const target = req as unknown as Record<string | symbol, unknown>;
  const source = replay as unknown as Record<string | symbol, (...args: unknown[]) => unknown>;
  for (const name of [
    'on',
    'once',
    'off',
    'addListener',
    'removeListener',
    'removeAllListeners',
    'prependListener',
    'pause',
    'resume',
    'read',
    'pipe',
    'unpipe',
    'destroy',
    'isPaused',
    Symbol.asyncIterator,
  ] as const) {
    target[name] = source[name]!.bind(replay);
  }
}

const bodies = new WeakMap<IncomingMessage, Buffer>();

/** Reads, caps and keeps the body of `req` for readBodyOnce's later callers, and replays it to the routes. */
export async function readBodyOnce(req: IncomingMessage, limit: number): Promise<Buffer> {
  const known = bodies.get(req);
  if (known) return known;
  const body = await readBody(req, limit);
  bodies.set(req, body);
  replayBody(req, body);
  return body;
}

const TOO_LARGE_PAGE = plainPage({
  title: '送信内容が大きすぎます',
  paragraphs: ['一度に送信できる量を超えています。内容を短くしてから、もう一度お試しください。'],
});

/** After a 413, what is still arriving is drained (not kept) this long, at most this much. */
const LINGER_MS = 2000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * For a route that streams its own body (STREAMED_BODIES): its connection is not reused, and an
 * answer sent before the body was read to its end (a refusal: not a moderator, a file over the
 * cap) closes it after draining what is still arriving, as a 413 does. Without this the unread
 * rest of the body stayed in the connection (the route's reader had paused it) and the next
 * request on it was never read.
 */
export function closeAfterStreamedBody(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Connection', 'close');
  res.once('finish', () => {
    if (!req.complete) lingeringClose(req);
  });
}

/**
 * Closes the connection once the response is sent, but first drains (without keeping) what the
 * client is still sending, for a moment: a connection closed under a client that is still
 * uploading is reset, and the reset can swallow the 413 before the client reads it. Past
 * LINGER_MS or LINGER_BYTES the connection is cut.
 */
function lingeringClose(req: IncomingMessage) {
  const socket = req.socket as IncomingMessage['socket'] & { destroySoon?: () => void };
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) socket.destroy();
  });
  req.on('end', () => socket.destroy());
  req.resume();
  // Node calls destroySoon when a `Connection: close` response is done; end our side instead.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/**
 * 413, and the connection closes after it: the rest of the body is never read into memory (Node
 * would otherwise read all of it, however large, to keep the connection alive).
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse, wantsJson: boolean) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 413;
  res.setHeader('Connection', 'close');
  res.setHeader('Cache-Control', 'no-store');
  lingeringClose(req);
  if (wantsJson) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(new AppError('payload_too_large').toBody()));
  } else {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(TOO_LARGE_PAGE);
  }
}
