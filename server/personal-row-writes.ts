// A state-changing request may change what the session's personal row holds (a favorite, a clip,
// a vote, the tracker, the profile's name, a logout) and what its kept pages show (a draft saved
// through the draft lane, a profile): the row and the pages this process keeps are
// forgotten when the answer starts, after the route's writes are committed and before the
// browser can ask again (app/features/accounts/personal-rows.server.ts). Other processes hear
// of the change from the database.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeAnswered } from '../app/features/accounts/personal-rows.server';
import { sessionKeyOf } from '../app/features/accounts/sessions.server';
import { sessionIdOf } from '../app/lib/cookies';
import { sessionWriteAnswered } from './session-pages';

/** The key of the session whose row a request may change: an unsafe request's, with a session cookie. */
export function writingSessionKey(method: string, sessionId: string | null): string | null {
  return method === 'GET' || method === 'HEAD' || !sessionId ? null : sessionKeyOf(sessionId);
}

/**
 * Hooks a request that may change its session's rows: when its answer starts, this process reads
 * them again (the personal row, the pages kept for the session and its user). Called for every
 * request before any lane or Express answers it.
 */
export function forgetPersonalRowsAfterWrite(req: IncomingMessage, res: ServerResponse): void {
  const key = writingSessionKey(req.method ?? 'GET', sessionIdOf(req.headers.cookie));
  if (key === null) return;
  let done = false;
  const forget = () => {
    if (done) return;
    done = true;
    writeAnswered(key);
    sessionWriteAnswered(key);
  };
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    forget();
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
  res.on('close', forget);
}
