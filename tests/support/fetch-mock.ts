// The browser's fetch, replaced for the tests of the browser clients (app/lib/site-client.ts and
// what calls it): registers the mock before each test and restores fetch after it.
import { afterEach, beforeEach, vi } from 'vitest';

export function mockFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}

/** A JSON answer with `status`. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
