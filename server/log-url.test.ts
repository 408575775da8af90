import { Writable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../app/lib/logger.server';
import { requestIdOf, requestScope } from '../app/lib/request-scope.server';
import { readRequestLogShare } from '../app/lib/config.server';
import { requestLogged, setRequestLogShare } from './log-url';

afterEach(() => setRequestLogShare(1));

describe('the request log', () => {
  it('keeps every line by default, and a share of the ordinary ones when asked', () => {
    expect(requestLogged(200, 3, () => 0.99)).toBe(true);
    setRequestLogShare(0.1);
    expect(requestLogged(200, 3, () => 0.05)).toBe(true);
    expect(requestLogged(200, 3, () => 0.5)).toBe(false);
    expect(requestLogged(404, 3, () => 0.5)).toBe(false);
    // Failed and slow requests are always logged.
    expect(requestLogged(500, 3, () => 0.5)).toBe(true);
    expect(requestLogged(200, 1_200, () => 0.5)).toBe(true);
    setRequestLogShare(0);
    expect(requestLogged(200, 3, () => 0)).toBe(false);
    expect(requestLogged(503, 3, () => 0)).toBe(true);
  });

  it('reads LOG_REQUESTS as a share from 0 to 1, refusing anything else in Japanese', () => {
    expect(readRequestLogShare({})).toBe(1);
    expect(readRequestLogShare({ LOG_REQUESTS: '0.25' })).toBe(0.25);
    expect(readRequestLogShare({ LOG_REQUESTS: '0' })).toBe(0);
    for (const raw of ['2', '-0.1', 'all', '1e-2', '.5'])
      expect(() => readRequestLogShare({ LOG_REQUESTS: raw })).toThrow(/LOG_REQUESTS は0から1までの数/);
  });

  it('names the request on every line written while it is handled', () => {
    const lines: string[] = [];
    const logger = createLogger(
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    requestScope.run({ id: 'req-abcdefgh' }, () => logger.error({ err: new Error('disk on fire') }, 'request failed'));
    logger.info('outside any request');
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'req-abcdefgh', msg: 'request failed' });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('reqId');
  });

  it('takes a plain id from the load balancer and makes one otherwise', () => {
    const req = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
    expect(requestIdOf(req('lb-20261128-0001'))).toBe('lb-20261128-0001');
    for (const hostile of [undefined, 'short', 'x'.repeat(129), 'a b c d e f g', '"}{"level":60,"x":"1234'])
      expect(requestIdOf(req(hostile))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
