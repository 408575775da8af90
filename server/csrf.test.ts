import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isForeignOrigin } from './csrf';

function request(headers: Record<string, string>, remoteAddress = '203.0.113.9'): IncomingMessage {
  return { headers, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe('isForeignOrigin', () => {
  it('takes a form sent from the site itself, or from its public origin, or a script without Origin', () => {
    process.env.PUBLIC_ORIGIN ??= 'https://shulog.example';
    expect(isForeignOrigin(request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' }))).toBe(false);
    // Behind the proxy on this machine, which says the client used HTTPS.
    expect(
      isForeignOrigin(request({ host: 'shulog.example', origin: 'https://shulog.example', 'x-forwarded-proto': 'https' }, '127.0.0.1')),
    ).toBe(false);
    expect(isForeignOrigin(request({ host: '127.0.0.1:3000' }))).toBe(false);
  });

  it('refuses another site, an origin of no site and a malformed one', () => {
    expect(isForeignOrigin(request({ host: '127.0.0.1:3000', origin: 'https://evil.example' }))).toBe(true);
    expect(isForeignOrigin(request({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' }))).toBe(true);
    expect(isForeignOrigin(request({ host: '127.0.0.1:3000', origin: 'null' }))).toBe(true);
    expect(isForeignOrigin(request({ host: '127.0.0.1:3000', origin: '%%' }))).toBe(true);
  });
});
