// The personal call of shared pages, GET /api/v1/personal (docs/decisions/030-shared-pages.md),
// answered in the fast lane like the search call: it is made on every page a student opens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pino from 'pino';
import { answerPersonalCall } from '../app/features/personal/answer-personal-call.server';
import { sessionIdOf } from '../app/lib/cookies';
import { AppError } from '../app/lib/app-error';
import { loggedUrl } from '../app/lib/logged-url';
import { sendJson } from './json-answer';

// One student's data: never stored by a browser or a proxy, never shared.
const PRIVATE = 'private, no-store';

export function createPersonalCall(options: { logger: pino.Logger }) {
  return async function personalCall(req: IncomingMessage, res: ServerResponse, query: string): Promise<void> {
    try {
      const page = new URLSearchParams(query).get('page');
      const parts = await answerPersonalCall({ sessionId: sessionIdOf(req.headers.cookie), page });
      sendJson(req, res, 200, parts, PRIVATE);
    } catch (error) {
      options.logger.error({ err: error, url: loggedUrl(req.url ?? '') }, 'personal call failed');
      if (res.headersSent) return;
      const unavailable = new AppError('unavailable');
      sendJson(req, res, unavailable.status, unavailable.toBody(), PRIVATE);
    }
  };
}
