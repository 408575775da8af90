import { createHash } from 'node:crypto';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidatePageCache, setCachedPage } from '../app/lib/page-cache.server';
import { createFastLane } from './fast-lane';

const answer = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('../app/features/search/answer-company-suggestions.server', () => ({ answerCompanySuggestions: answer.fn }));

let server: Server;
let base: string;
const passedOn: string[] = [];
const hits: string[] = [];

beforeAll(async () => {
  const lane = createFastLane({ logger: pino({ level: 'silent' }), onPageHit: (path) => hits.push(path) });
  server = createServer((req, res) => {
    if (lane(req, res)) return;
    passedOn.push(`${req.method} ${req.url}`);
    res.end('express');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  passedOn.length = 0;
  hits.length = 0;
  invalidatePageCache();
  answer.fn.mockReset();
});

const companies = Array.from({ length: 20 }, (_, i) => ({ company_id: i + 1, name: `青葉システムズ${i}`, pref_name: '東京都', url: null }));

describe('the search call', () => {
  it('answers with the suggestion function, public for visitors and private for a session', async () => {
    answer.fn.mockResolvedValue({ status: 200, body: { companies } });
    const response = await fetch(`${base}/api/company?source=incremental&company_name=%E3%81%82%E3%81%8A`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ companies });
    expect(answer.fn.mock.calls[0]![0].get('company_name')).toBe('あお');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=10');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const withSession = await fetch(`${base}/api/company?source=incremental&company_name=a`, {
      headers: { cookie: 'shulog_session=abc' },
    });
    expect(withSession.headers.get('cache-control')).toBe('private, no-store');
    expect(passedOn).toEqual([]);
  });

  it('gzips a large answer for clients that accept it', async () => {
    answer.fn.mockResolvedValue({ status: 200, body: { companies } });
    const response = await fetch(`${base}/api/company?source=incremental&company_name=a`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.json()).toEqual({ companies });
  });

  it('passes on 400 answers and turns a failure into a JSON 503', async () => {
    answer.fn.mockResolvedValueOnce({ status: 400, body: { error: { code: 'invalid_source', message: 'x' } } });
    const bad = await fetch(`${base}/api/company`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    expect(answer.fn.mock.calls[0]![0].toString()).toBe('');

    answer.fn.mockRejectedValueOnce(new Error('database down'));
    const failed = await fetch(`${base}/api/company?source=incremental&company_name=a`);
    expect(failed.status).toBe(503);
    expect((await failed.json()).error.message).toContain('検索できませんでした');
  });

  it('leaves other methods and other API paths to Express', async () => {
    await fetch(`${base}/api/company`, { method: 'POST' });
    await fetch(`${base}/api/badges/acquire`);
    expect(passedOn).toEqual(['POST /api/company', 'GET /api/badges/acquire']);
    expect(answer.fn).not.toHaveBeenCalled();
  });
});

describe('cached visitor pages', () => {
  const html = `<html><body><p>${'企業'.repeat(600)}</p><script>window.x = 1;</script></body></html>`;
  const store = (key: string) =>
    setCachedPage(key, { status: 200, headers: [['content-type', 'text/html; charset=utf-8']], body: Buffer.from(html) });

  it('serves a hit as stored, with its script hashes, an ETag and a 304', async () => {
    const page = store('/companies/3?tab=1');
    const response = await fetch(`${base}/companies/3?tab=1`);
    expect(await response.text()).toBe(html);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update('window.x = 1;').digest('base64')}'`);
    expect(csp).not.toContain('nonce-');
    expect(response.headers.get('etag')).toBe(page.etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(hits).toEqual(['/companies/3']);

    const again = await fetch(`${base}/companies/3?tab=1`, { headers: { 'if-none-match': page.etag } });
    expect(again.status).toBe(304);
    expect(passedOn).toEqual([]);
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

  it('leaves misses, sessions and other methods to Express', async () => {
    store('/');
    await fetch(`${base}/companies/4`);
    await fetch(`${base}/`, { headers: { cookie: 'other=1; shulog_session=abc' } });
    await fetch(`${base}/`, { method: 'HEAD' });
    expect(passedOn).toEqual(['GET /companies/4', 'GET /', 'HEAD /']);
    expect(hits).toEqual([]);
  });
});
