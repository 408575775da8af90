import { createHash } from 'node:crypto';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidatePageCache, setCachedPage } from '../app/lib/page-cache.server';
import { createVisitorPages } from './visitor-pages';

let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  // Hits never reach React Router, so no build is needed for them.
  const pages = createVisitorPages({
    build: {} as ServerBuild,
    mode: 'production',
    logger: pino({ level: 'silent' }),
    onHit: (path) => hits.push(path),
  });
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!pages(req, res, req.url ?? '/', path, 'personal', 'visitor')) res.end('unreadable');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
  invalidatePageCache();
});

describe('cached visitor pages', () => {
  const html = `<html><body><p>${'企業'.repeat(600)}</p><script nonce="N1">window.x = 1;</script><script>injected()</script></body></html>`;
  // The cache key is the request's path and query: pages never depend on the Host header.
  const store = (url: string) =>
    setCachedPage(url, { status: 200, headers: [['content-type', 'text/html; charset=utf-8']], body: Buffer.from(html), nonce: 'N1' });

  it('serves a hit as stored, with its script hashes, an ETag and a 304', async () => {
    const page = store('/companies/3?tab=1');
    const response = await fetch(`${base}/companies/3?tab=1`);
    expect(await response.text()).toBe(html);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update('window.x = 1;').digest('base64')}'`);
    expect(csp).not.toContain('nonce-');
    expect(csp).not.toContain(createHash('sha256').update('injected()').digest('base64'));
    expect(response.headers.get('etag')).toBe(page.etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(hits).toEqual(['/companies/3']);

    const again = await fetch(`${base}/companies/3?tab=1`, { headers: { 'if-none-match': page.etag } });
    expect(again.status).toBe(304);
  });

  it("adds a route's own Vary to the cache's, on one line", async () => {
    setCachedPage('/vary', {
      status: 200,
      headers: [
        ['content-type', 'text/html; charset=utf-8'],
        ['vary', 'User-Agent'],
      ],
      body: Buffer.from(html),
      nonce: 'N1',
    });
    const response = await fetch(`${base}/vary`);
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding, User-Agent');
    const plain = store('/plain');
    expect(plain.headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
    expect((await fetch(`${base}/plain`)).headers.get('vary')).toBe('Cookie, Accept-Encoding');
  });

  it('sends the stored gzip to clients that accept it', async () => {
    store('/');
    const response = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe(html);
    // The bytes on the wire, as fetch would decompress them itself.
    const raw = await new Promise<Buffer>((resolve) => {
      get(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
    expect(gunzipSync(raw).toString()).toBe(html);
  });

  it('serves the one stored page whatever Host a request names, so a forged Host adds no entry', async () => {
    store('/');
    const forged = await new Promise<{ status: number; body: string }>((resolve) => {
      get(`${base}/`, { headers: { host: 'attacker.example' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    expect(forged).toEqual({ status: 200, body: html });
    expect(hits).toEqual(['/']);
  });
});
