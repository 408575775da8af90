import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCachedPage, setCachedPage } from '../app/lib/page-cache.server';
import { clearPageCacheAfterWrites } from './page-cache-writes';

let base = '';
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(clearPageCacheAfterWrites());
  // Routes that answer as a real one would: a success, a refusal.
  app.all('/ok', (_req, res) => void res.json({ ok: true }));
  app.all('/api/v1/student/drafts{/:postId}', (_req, res) => void res.json({ ok: true }));
  app.all('/api/v1/student/tracker/companies/:companyId/:category', (_req, res) => void res.json({ ok: true }));
  app.all('/mypage/selections{.data}', (_req, res) => void res.json({ ok: true }));
  app.all('/mypage/favorites', (_req, res) => void res.json({ ok: true }));
  app.all('/refused', (_req, res) => void res.status(422).json({ error: {} }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const store = () => setCachedPage('/companies/1', { status: 200, headers: [], body: Buffer.from('page'), nonce: 'n' });

describe('the page cache after writes', () => {
  it('is cleared by every successful POST, PUT, PATCH and DELETE, whatever the route', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      store();
      await fetch(`${base}/ok`, { method });
      expect(getCachedPage('/companies/1'), method).toBeUndefined();
    }
  });

  it('stays after a draft is created, saved or deleted: drafts are private until sent', async () => {
    store();
    await fetch(`${base}/api/v1/student/drafts`, { method: 'POST' });
    await fetch(`${base}/api/v1/student/drafts/12`, { method: 'PUT' });
    await fetch(`${base}/api/v1/student/drafts/12`, { method: 'DELETE' });
    expect(getCachedPage('/companies/1')).toBeDefined();
  });

  it('stays after the selection tracker changes (only its student sees it), not after a favorite', async () => {
    store();
    await fetch(`${base}/api/v1/student/tracker/companies/3/recruit`, { method: 'PUT' });
    await fetch(`${base}/mypage/selections`, { method: 'POST' });
    // The board's own script sends its forms as React Router's data requests.
    await fetch(`${base}/mypage/selections.data`, { method: 'POST' });
    expect(getCachedPage('/companies/1')).toBeDefined();
    await fetch(`${base}/mypage/favorites`, { method: 'POST' });
    expect(getCachedPage('/companies/1')).toBeUndefined();
  });

  it('stays after reads and refused writes', async () => {
    store();
    await fetch(`${base}/ok`);
    await fetch(`${base}/refused`, { method: 'POST' });
    expect(getCachedPage('/companies/1')).toBeDefined();
  });
});
