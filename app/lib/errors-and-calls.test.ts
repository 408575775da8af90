// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { placesOf, readSource as read, sourceFiles } from '../../tests/support/source-scan';

// One way for errors and for calls from the browser (docs/decisions/056-one-error-shape.md):
// a missing thing and every other refusal is an AppError, answered by the server's one mapping
// (server/route-errors.ts), never a bare Response thrown by a route and never a route catching an
// AppError to answer it itself; a refused form has one shape, { ok: false, errors, values }; the
// browser calls the site only through callSite (app/lib/site-client.ts). A second way fails here.

const ROUTES = sourceFiles('app/routes');
const APP = sourceFiles('app');

describe('errors', () => {
  it('no route or feature throws a bare Response or a JSON error of its own: a missing thing is AppError(not_found)', () => {
    const bare = /\bthrow\s+(?:new\s+Response|data|json|jsonError)\s*\(|new\s+Response\(\s*['"`]Not Found/;
    expect(placesOf([...ROUTES, ...sourceFiles('app/features')], bare)).toEqual([]);
  });

  it('no route catches an AppError to answer it: its form names the errors it shows (formErrors)', () => {
    expect(placesOf(ROUTES, /\bisAppError\s*\(|\binstanceof\s+AppError\b|\.userMessage\b/)).toEqual([]);
  });

  it('a refused form has one shape: no formError, no status "invalid", no { ok: false, field, reason }', () => {
    expect(placesOf(APP, /\bformError\b|status:\s*'invalid'[,;]\s*errors\b|ok:\s*false;?,?\s*field:/)).toEqual([]);
  });

  it('finds the forms that show errors (the checks are not vacuous)', () => {
    const declaring = ROUTES.filter((file) => /^export const formErrors: FormErrors = /m.test(read(file)));
    expect(declaring.length).toBeGreaterThanOrEqual(9);
    expect(placesOf(ROUTES, /\bthrow\s+new\s+AppError\('not_found'/).length).toBeGreaterThan(5);
  });
});

/** Browser code outside the one client that may call fetch itself, how often, and why. */
const FETCH_ALLOWED: Record<string, { count: number; reason: string }> = {
  'app/lib/personal-parts.ts': { count: 1, reason: 'the head script, a string that runs before any module has loaded' },
};

const CLIENT = 'app/lib/site-client.ts';
/** Server code (*.server.ts) never runs in the browser: it is not a call from the browser. */
const BROWSER = APP.filter((file) => file !== CLIENT && !file.endsWith('.server.ts'));

describe('calls from the browser', () => {
  it('go through callSite: no fetch, beacon or XMLHttpRequest outside the one client', () => {
    const found = new Map<string, number>();
    for (const place of placesOf(BROWSER, /\bfetch\s*\(|\bsendBeacon\b|\bXMLHttpRequest\b/)) {
      const file = place.slice(0, place.lastIndexOf(':'));
      found.set(file, (found.get(file) ?? 0) + 1);
    }
    const offenders = [...found]
      .filter(([file, count]) => count > (FETCH_ALLOWED[file]?.count ?? 0))
      .map(([file, count]) => `${file}: ${count}`);
    expect(offenders).toEqual([]);
  });

  it('keeps the raw call inside the client', () => {
    expect(placesOf(BROWSER, /\bsendCall\b/)).toEqual([]);
    expect(read(CLIENT)).not.toMatch(/export\s+(?:async\s+)?function\s+sendCall\b/);
  });

  it('finds the client’s own fetch and the allowed ones (the check is not vacuous)', () => {
    expect(placesOf([CLIENT], /\bfetch\s*\(/).length).toBeGreaterThan(0);
    for (const [file, { count }] of Object.entries(FETCH_ALLOWED)) expect(placesOf([file], /\bfetch\s*\(/)).toHaveLength(count);
  });
});

describe('validation messages', () => {
  it('every schema takes z from app/lib/zod.ts, which makes the messages without a text of their own Japanese', () => {
    const everywhere = [...APP, ...sourceFiles('server'), ...sourceFiles('scripts')];
    expect(placesOf(everywhere, /from\s+['"]zod(?:\/[\w/]*)?['"]/)).toEqual(['app/lib/zod.ts:7']);
  });
});
