// Which peers are load balancers whose X-Forwarded-For and X-Forwarded-Proto are believed
// (TRUST_PROXY; 'loopback' by default), and so the client's address for the limits and whether
// the request came over HTTPS: one rule for Express and the fast lanes alike (issue 32).
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { loadConfig } from '../app/lib/config.server';

let trusted: ((address: string, hop: number) => boolean) | undefined;

/** Whether the peer at `address`, `hop` proxies away from the server, is a trusted proxy. */
export function trustedProxy(): (address: string, hop: number) => boolean {
  trusted ??= proxyaddr.compile(loadConfig().trustProxy.split(','));
  return trusted;
}

/** The client's address: the peer's, or the one the trusted proxies before it forwarded. */
export function clientAddress(req: IncomingMessage): string {
  return proxyaddr(req as Parameters<typeof proxyaddr>[0], trustedProxy()) || 'unknown';
}

/** Whether the peer itself is a trusted proxy (its X-Forwarded-Proto is believed). */
export function fromTrustedProxy(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress;
  return address !== undefined && trustedProxy()(address, 0);
}
