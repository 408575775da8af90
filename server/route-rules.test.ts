// @vitest-environment node
import { describe, expect, it } from 'vitest';
import routeConfig from '../app/routes';
import { type RouteEntry, routeTemplates } from '../tests/support/route-paths';
import { linesMatching, sourceFiles } from '../tests/support/source-scan';
import {
  BODY_CAPS,
  bodyLimitFor,
  COMPANY_PAGE,
  companyPageParam,
  DEFAULT_BODY_BYTES,
  FAST_LANE,
  HEALTH_PATH,
  isPrivateWrite,
  laneOf,
  MODERATOR_AREA,
  PRIVATE_WRITES,
  SMALL_BODY_BYTES,
  UPLOAD_BODY_BYTES,
} from './route-rules';

// The server's rules by URL name routes of the table (docs/decisions/057-reading-requests.md): a
// route renamed in app/routes.ts fails here until its cap, its cache rule or its lane follows it.

const ROUTES = new Set(routeTemplates(routeConfig as unknown as RouteEntry[]).map((template) => template.pattern.replace(/^\//, '')));

/** A route of the table, or with a splat, the routes under a path (at least one). */
function namesRoutes(pattern: string): boolean {
  if (!pattern.endsWith('/*')) return ROUTES.has(pattern);
  const prefix = pattern.slice(0, -1);
  return [...ROUTES].some((route) => route.startsWith(prefix));
}

describe('the rules by URL', () => {
  it('name routes of app/routes.ts', () => {
    const { personalCall: _answeredBeforeReactRouter, ...routed } = FAST_LANE;
    const named = [...Object.keys(BODY_CAPS), ...PRIVATE_WRITES, ...Object.values(routed), COMPANY_PAGE, MODERATOR_AREA];
    expect(named.filter((pattern) => !namesRoutes(pattern))).toEqual([]);
  });

  it('keep the URLs that only the server answers out of the route table: a route there would never run in production', () => {
    expect(ROUTES.has(FAST_LANE.personalCall)).toBe(false);
    expect(ROUTES.has(HEALTH_PATH.slice(1))).toBe(false);
  });

  it('cap bodies by route, the most specific rule first, data URLs as their pages', () => {
    const caps: Record<string, number> = {
      '/login': SMALL_BODY_BYTES,
      '/login.data': SMALL_BODY_BYTES,
      '/password_reset/abc': SMALL_BODY_BYTES,
      '/mypage/favorites/3/': SMALL_BODY_BYTES,
      '/api/v1/student/badges/acquire': SMALL_BODY_BYTES,
      '/api/no/such/call': SMALL_BODY_BYTES,
      '/api/v1/student/drafts/12': DEFAULT_BODY_BYTES,
      '/mypage/account': DEFAULT_BODY_BYTES,
      '/entry_sheets/new': DEFAULT_BODY_BYTES,
      '/admin/employee_reviews': UPLOAD_BODY_BYTES,
      '/admin/employee_reviews.data': UPLOAD_BODY_BYTES,
    };
    expect(Object.fromEntries(Object.keys(caps).map((path) => [path, bodyLimitFor(path)]))).toEqual(caps);
  });

  it('tell private writes, also sent as data requests', () => {
    for (const path of ['/api/v1/student/drafts', '/api/v1/student/drafts/1', '/mypage/selections', '/mypage/selections.data'])
      expect(isPrivateWrite(path), path).toBe(true);
    for (const path of ['/mypage/favorites', '/api/v1/student/posts/1/useful_vote', '/mypage', '/companies/1'])
      expect(isPrivateWrite(path), path).toBe(false);
  });

  it("say which lane answers a path, and read a company page's id", () => {
    expect(laneOf('/api/company')?.lane).toBe('suggestions');
    expect(laneOf('/api/v1/personal')?.lane).toBe('personalCall');
    expect(laneOf('/api/v1/student/drafts/42')).toEqual({ lane: 'draftSave', params: { postId: '42' } });
    expect(laneOf('/api/v1/student/drafts')?.lane).toBe('express');
    expect(laneOf('/healthz')?.lane).toBe('express');
    expect(laneOf('/companies/1')).toBeUndefined();
    expect(companyPageParam('/companies/12.data')).toBe('12');
    expect(companyPageParam('/companies/12/intern_experiences')).toBeUndefined();
  });
});

// Table paths spelled out in server/ outside the one list: a regular expression starting at a
// route's first segment, or a string naming one ('/api/company', `/mypage/${…}`).
const FIRST_SEGMENTS = [...new Set([...ROUTES].map((route) => route.split('/')[0]!).filter((segment) => /^[a-z_]+$/.test(segment)))];
const SEGMENT = `(?:${FIRST_SEGMENTS.join('|')})\\b`;
const SPELLED_PATH = new RegExp(String.raw`\\/(?:\(\?:)?(?:[\w$|]*\|)?${SEGMENT}|\^(?:\(\?:)?${SEGMENT}|['"\x60]/${SEGMENT}`);

describe('server/', () => {
  it('spells no route path outside server/route-rules.ts', () => {
    const owners = new Set(['server/route-rules.ts', 'server/route-patterns.ts']);
    const found = linesMatching(
      sourceFiles('server').filter((file) => !owners.has(file)),
      SPELLED_PATH,
    );
    expect(FIRST_SEGMENTS).toEqual(expect.arrayContaining(['api', 'companies', 'mypage', 'admin', 'login']));
    expect(found).toEqual([]);
  });
});
