// The requests whose handlers are still running, so that a shutdown closes the database only
// after them (issue 31). A request counts from its first byte until its handler ends the answer
// (`res.end`), not until its connection closes: a client that went away leaves a handler that
// still reads and writes the database, and closing the database under it logged "The database
// is not open" for every such request.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type InFlight = {
  /** Counts `res` until its answer is ended; after `drain` began, the answer closes its connection. */
  track(res: ServerResponse<IncomingMessage>): void;
  /** How many handlers are running. */
  readonly count: number;
  /**
   * From now on every answer closes its keep-alive connection; resolves true once no handler
   * runs, or false after `timeoutMs` with handlers still running.
   */
  drain(timeoutMs: number): Promise<boolean>;
};

export function createInFlight(): InFlight {
  let count = 0;
  let draining = false;
  const idle = new Set<() => void>();
  const settle = () => {
    if (count === 0) for (const resolve of idle) resolve();
  };
  return {
    track(res) {
      count++;
      if (draining) res.shouldKeepAlive = false;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        count--;
        settle();
      };
      const originalEnd = res.end;
      res.end = function endAndCount(this: ServerResponse<IncomingMessage>, ...args: unknown[]) {
        end();
        return (originalEnd as (...a: unknown[]) => ServerResponse<IncomingMessage>).apply(this, args);
      } as typeof res.end;
    },
    get count() {
      return count;
    },
    drain(timeoutMs) {
      draining = true;
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          idle.delete(done);
          resolve(true);
        };
        const timer = setTimeout(() => {
          idle.delete(done);
          resolve(false);
        }, timeoutMs);
        timer.unref();
        idle.add(done);
      });
    },
  };
}
