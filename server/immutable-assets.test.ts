// @vitest-environment node
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, immutableAssets, writeCompressedCopies } from './immutable-assets';

describe('chooseEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, deflate', both, 'gzip'],
    ['br;q=0.5, gzip', both, 'gzip'],
    ['*', both, 'br'],
    ['*;q=0.2, gzip;q=0.5', both, 'gzip'],
    ['BR', both, 'br'],
    ['br, gzip', ['gzip'] as const, 'gzip'],
    ['gzip;q=0, br;q=0', both, null],
    ['identity', both, null],
    ['br;q=nonsense', both, null],
    ['', both, null],
    [undefined, both, null],
  ] as const)('%s → %s', (header, offered, expected) => {
    expect(chooseEncoding(header, offered)).toBe(expected);
  });
});

describe('immutableAssets', () => {
  const script = `export const text = ${JSON.stringify('就活の記録。'.repeat(2000))};\n`;
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shulog-assets-'));
    writeFileSync(join(dir, 'page-AbC123.js'), script);
    writeFileSync(join(dir, 'tiny-XyZ.css'), 'a{color:red}');
    writeFileSync(join(dir, 'icon-Q1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    writeFileSync(join(dir, 'notes-1.unknown'), 'x');
    expect(writeCompressedCopies(dir)).toBe(2);
    const app = express();
    app.use('/assets', immutableAssets(dir));
    app.use((_req, res) => {
      res.status(404).send('not here');
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A request as sent, without fetch's own Accept-Encoding and decoding. */
  async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    const { request } = await import('node:http');
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('writes brotli and gzip copies only of text worth compressing', () => {
    expect(existsSync(join(dir, 'page-AbC123.js.br'))).toBe(true);
    expect(existsSync(join(dir, 'page-AbC123.js.gz'))).toBe(true);
    expect(existsSync(join(dir, 'tiny-XyZ.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'icon-Q1.png.gz'))).toBe(false);
  });

  it("answers a browser's request with brotli, kept for a year by any cache", async () => {
    const response = await get('/page-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.body).toString('utf8')).toBe(script);
  });

  it('answers gzip to a client without brotli, and the file itself to one that asks for no encoding', async () => {
    const gzip = await get('/page-AbC123.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(script);
    const plain = await get('/page-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
    expect(new Set([gzip.headers.etag, plain.headers.etag]).size).toBe(2);
  });

  it('answers 304 to a copy the browser has, and headers alone to HEAD', async () => {
    const first = await get('/page-AbC123.js', { 'Accept-Encoding': 'br' });
    const again = await get('/page-AbC123.js', { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/page-AbC123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('sends small and already compressed files as they are, and leaves other names and methods to what follows', async () => {
    const tiny = await get('/tiny-XyZ.css', { 'Accept-Encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe('a{color:red}');
    expect((await get('/icon-Q1.png')).headers['content-type']).toBe('image/png');
    expect((await get('/missing-1.js')).status).toBe(404);
    expect((await get('/notes-1.unknown')).status).toBe(404);
    expect((await get('/page-AbC123.js.br')).status).toBe(404);
    expect((await get('/page-AbC123.js', {}, 'POST')).status).toBe(404);
  });
});
