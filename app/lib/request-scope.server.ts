// The request being handled, for what is logged while it runs: every log line written inside a
// request carries its id (`reqId`, through the logger's mixin: app/lib/logger.server.ts), as does
// the request's own line and its `X-Request-Id` response header (issue 31, part 6).
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestScope = new AsyncLocalStorage<{ id: string }>();

/** An id a proxy in front may pass on: letters, digits and `._:-`, 8 to 128 of them. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id of `req`: the load balancer's `X-Request-Id` when it is a plain token, a new UUID otherwise. */
export function requestIdOf(req: IncomingMessage): string {
  const forwarded = req.headers['x-request-id'];
  return typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.id;
}
