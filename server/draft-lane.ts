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
import { isValidCsrfToken } from '../app/features/accounts/session-request.server';
import { findSession } from '../app/features/accounts/sessions.server';
import { saveDraftCall } from '../app/features/posting/save-draft-call.server';
import { AppError, isAppError } from '../app/lib/app-error';
import { sessionIdOf } from '../app/lib/cookies';
import { bodyKindOf } from '../app/lib/media-type';
import { CSRF_PARAM } from '../app/lib/csrf';
import { jsonObject, readHeldBody, textField } from '../app/lib/form-data.server';
import { headerToken, isForeignOrigin } from './csrf';
import { logWhenFinished } from './log-url';
import { BodyTooLarge, declaredTooLarge, readBody, refuseTooLarge } from './request-body';
import { bodyLimitFor, laneOf } from './route-rules';
import { sendJson } from './json-answer';

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
    // Read as a route reads its body (app/lib/form-data.server.ts), cleaned; not JSON is refused
    // below, after the token check, as the route would.
    const read = await readHeldBody(req.headers['content-type'], raw);
    const body = read.kind === 'json' ? jsonObject(read.value) : null;
    const submitted = headerToken(req.headers) ?? textField(read, CSRF_PARAM);
    if (isForeignOrigin(req)) {
      refuse(req, res, new AppError('foreign_origin'));
      return;
    }
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
    refuse(req, res, new AppError('internal_error'));
  }
}

/** Answers a draft autosave and returns true, or returns false and leaves the request to Express. */
export function createDraftLane(options: { logger: pino.Logger }) {
  const { logger } = options;
  return function draftLane(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'PUT') return false;
    const url = req.url ?? '';
    // The autosave sends no query string; a URL with one is the route's.
    if (url.includes('?')) return false;
    const found = laneOf(url);
    // An id the route would look up (at most nine digits); anything else is the route's to refuse.
    const postId = found?.lane === 'draftSave' ? found.params.postId : undefined;
    if (postId === undefined || !/^\d{1,9}$/.test(postId)) return false;
    const sessionId = sessionIdOf(req.headers.cookie);
    if (bodyKindOf(req.headers['content-type']) !== 'json' || !sessionId) return false;
    void save(req, res, url, Number(postId), sessionId, logger);
    logWhenFinished(logger, req, res, url);
    return true;
  };
}
