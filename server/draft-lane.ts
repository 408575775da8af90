// The autosave of a typing student, answered before Express (docs/decisions/025-posting.md): a
// JSON PUT /api/v1/student/drafts/{post_id} with a session cookie. Fifty students saving every
// 2 s make the most frequent write of the site; through Express and React Router each save cost
// several milliseconds of the one event loop and queued behind every page being rendered. The
// lane does what those layers do for this one call, with the same functions: the body cap, the
// session, the CSRF token (header or body), the student guard, the same check and save
// (saveDraftCall), and the same JSON errors. Anything else on that path (another method or
// media type, no session cookie) is left to Express, which answers it as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { isValidCsrfToken, readCookie } from '../app/features/accounts/session-request.server';
import { findSession } from '../app/features/accounts/sessions.server';
import { saveDraftCall } from '../app/features/posting/save-draft-call.server';
import { AppError, isAppError } from '../app/lib/app-error';
import { SESSION_COOKIE } from '../app/lib/cookies';
import { CSRF_PARAM } from '../app/lib/csrf';
import { headerToken } from './csrf';
import { logWhenFinished } from './log-url';
import { bodyLimitFor, BodyTooLarge, declaredTooLarge, readBody, refuseTooLarge } from './request-body';
import { sendJson } from './json-answer';

const DRAFT_PATH = /^\/api\/v1\/student\/drafts\/(\d{1,9})$/;

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  sendJson(req, res, status, body, 'private, no-store');
}

function refuse(req: IncomingMessage, res: ServerResponse, error: AppError) {
  answer(req, res, error.status, error.toBody());
}

async function save(req: IncomingMessage, res: ServerResponse, path: string, postId: number, sessionId: string, logger: pino.Logger) {
  try {
    const limit = bodyLimitFor(path);
    if (declaredTooLarge(req, limit)) {
      refuseTooLarge(req, res, true);
      return;
    }
    const [session, raw] = await Promise.all([findSession({ id: sessionId }), readBody(req, limit)]);
    let body: Record<string, unknown> | null = null;
    try {
      const parsed = JSON.parse(raw.toString('utf8')) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: refused below, after the token check, as the route would.
    }
    const bodyToken = body?.[CSRF_PARAM];
    const submitted = headerToken(req.headers) ?? (typeof bodyToken === 'string' ? bodyToken : null);
    if (!session || !isValidCsrfToken(session, submitted)) {
      refuse(req, res, new AppError('invalid_csrf_token'));
      return;
    }
    if (!session.user) throw new AppError('unauthenticated');
    if (session.user.role !== 'student') throw new AppError('forbidden');
    if (!body) throw new AppError('invalid_request');
    const saved = await saveDraftCall({ userId: session.user.id, postId, body });
    answer(req, res, 200, saved);
  } catch (error) {
    if (res.headersSent) return;
    if (error instanceof BodyTooLarge) {
      refuseTooLarge(req, res, true);
      return;
    }
    if (isAppError(error)) {
      refuse(req, res, error);
      return;
    }
    logger.error({ err: error, url: path }, 'draft save failed');
    answer(req, res, 500, {
      error: { code: 'internal_error', message: 'エラーが発生しました。時間をおいてから、もう一度お試しください。' },
    });
  }
}

/** Answers a draft autosave and returns true, or returns false and leaves the request to Express. */
export function createDraftLane(options: { logger: pino.Logger }) {
  const { logger } = options;
  return function draftLane(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'PUT') return false;
    const url = req.url ?? '';
    const match = DRAFT_PATH.exec(url);
    if (!match) return false;
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const sessionId = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (mediaType !== 'application/json' || !sessionId) return false;
    void save(req, res, url, Number(match[1]), sessionId, logger);
    logWhenFinished(logger, req, res, url);
    return true;
  };
}
