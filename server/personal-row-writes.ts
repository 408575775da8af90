// A state-changing request may change what the session's personal row holds (a favorite, a clip,
// a vote, the tracker, the profile's name, a logout): the row this process keeps in memory is
// forgotten when the answer starts, after the route's writes are committed and before the
// browser can ask again (app/features/accounts/personal-rows.server.ts). Other processes hear
// of the change from the database.
import type { NextFunction, Request, Response } from 'express';
import { writeAnswered } from '../app/features/accounts/personal-rows.server';
import { sessionKeyOf } from '../app/features/accounts/sessions.server';
import { sessionIdOf } from '../app/lib/cookies';

/** The key of the session whose row a request may change: an unsafe request's, with a session cookie. */
export function writingSessionKey(method: string, sessionId: string | null): string | null {
  return method === 'GET' || method === 'HEAD' || !sessionId ? null : sessionKeyOf(sessionId);
}

export function forgetPersonalRowsAfterWrites() {
  return (req: Request, res: Response, next: NextFunction) => {
    const key = writingSessionKey(req.method, sessionIdOf(req.headers.cookie));
    if (key !== null) {
      let done = false;
      const forget = () => {
        if (done) return;
        done = true;
        writeAnswered(key);
      };
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
        forget();
        return writeHead.apply(this, args);
      } as Response['writeHead'];
      res.on('close', forget);
    }
    next();
  };
}
