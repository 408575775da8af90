import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LaneServer, serveLane } from '../tests/support/lane-server';
import { createFastLane } from './fast-lane';

const answer = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('../app/features/search/answer-company-suggestions.server', () => ({ answerCompanySuggestions: answer.fn }));

let server: LaneServer;
let base: string;
const passedOn: string[] = [];
const pages: string[] = [];
const personalCalls: string[] = [];

beforeAll(async () => {
  const lane = createFastLane({
    logger: pino({ level: 'silent' }),
    visitorPages: (req, res, key, path, kind, audience) => {
      if (key.includes('unreadable')) return false;
      const by = kind === 'shared-by-audience' ? ` for ${audience}` : '';
      pages.push(`${key} ${path}${kind === 'personal' ? '' : ` ${kind}`}${by}${req.headers.cookie ? ' (cookie)' : ''}`);
      res.end('page');
      return true;
    },
    isSharedPage: (path) => (path.startsWith('/companies/') ? 'shared' : path.startsWith('/posts/') ? 'shared-by-audience' : 'personal'),
    audienceOf: async (req) => (req.headers.cookie?.includes('member') ? 'member' : 'visitor'),
    personalCall: async (_req, res, query) => {
      personalCalls.push(query);
      res.end('{}');
    },
  });
  server = await serveLane(lane, passedOn);
  base = server.base;
});
afterAll(() => server.close());
beforeEach(() => {
  passedOn.length = 0;
  pages.length = 0;
  personalCalls.length = 0;
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

describe("visitors' pages", () => {
  it('go to the visitor pages with their cache key and path', async () => {
    await fetch(`${base}/companies/3?tab=1`);
    await fetch(`${base}/`);
    await fetch(`${base}/companies/3.data`);
    expect(pages).toEqual(['/companies/3?tab=1 /companies/3 shared', '/ /', '/companies/3.data /companies/3.data shared']);
    expect(passedOn).toEqual([]);
  });

  it("serve a session's GET of a shared page as the visitors' page, and its other pages through Express", async () => {
    await fetch(`${base}/companies/3`, { headers: { cookie: 'shulog_session=abc' } });
    await fetch(`${base}/mypage`, { headers: { cookie: 'shulog_session=abc' } });
    await fetch(`${base}/companies/3`, { method: 'POST', headers: { cookie: 'shulog_session=abc' } });
    expect(pages).toEqual(['/companies/3 /companies/3 shared (cookie)']);
    expect(passedOn).toEqual(['GET /mypage', 'POST /companies/3']);
  });

  it('serve a page shared by audience to members and visitors, by the session check', async () => {
    await fetch(`${base}/posts/1`);
    await fetch(`${base}/posts/1`, { headers: { cookie: 'shulog_session=member' } });
    await fetch(`${base}/posts/1`, { headers: { cookie: 'shulog_session=gone' } });
    expect(pages).toEqual([
      '/posts/1 /posts/1 shared-by-audience for visitor',
      '/posts/1 /posts/1 shared-by-audience for member (cookie)',
      '/posts/1 /posts/1 shared-by-audience for visitor (cookie)',
    ]);
  });
});

describe('the personal call', () => {
  it('answers GET with its query and refuses other methods with a JSON 405', async () => {
    await fetch(`${base}/api/v1/personal?page=%2Fcompanies%2F3`);
    await fetch(`${base}/api/v1/personal`);
    const post = await fetch(`${base}/api/v1/personal`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await post.json()).error.code).toBe('method_not_allowed');
    expect(personalCalls).toEqual(['page=%2Fcompanies%2F3', '']);
    expect(passedOn).toEqual([]);
  });

  it('leave sessions, files, HEAD, the health check, other APIs and unreadable URLs to Express', async () => {
    await fetch(`${base}/`, { headers: { cookie: 'other=1; shulog_session=abc' } });
    await fetch(`${base}/assets/app-1234.js`);
    await fetch(`${base}/favicon.svg`);
    await fetch(`${base}/`, { method: 'HEAD' });
    await fetch(`${base}/healthz`);
    await fetch(`${base}/api/badges/acquire`);
    await fetch(`${base}/unreadable`);
    await fetch(`${base}/mypage/favorites`, { method: 'POST' });
    expect(pages).toEqual([]);
    expect(passedOn).toEqual([
      'GET /',
      'GET /assets/app-1234.js',
      'GET /favicon.svg',
      'HEAD /',
      'GET /healthz',
      'GET /api/badges/acquire',
      'GET /unreadable',
      'POST /mypage/favorites',
    ]);
  });
});
