// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSource, sourceFiles } from '../../tests/support/source-scan';
import { APP_ERRORS, AppError, appErrorResponse } from './app-error';

// Every JSON error the site answers, the server's own before any route included (the request
// guard, the body cap, the fast lanes, the personal call, the search call), has its code, status
// and Japanese message from the one catalog (docs/decisions/057-reading-requests.md): a body built
// by hand elsewhere fails here.

describe('the error catalog', () => {
  it('answers a JSON error with its status, code and Japanese message, never stored', async () => {
    const response = appErrorResponse(new AppError('payload_too_large'));
    expect(response.status).toBe(413);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: { code: 'payload_too_large', message: APP_ERRORS.payload_too_large.message } });
  });

  it('gives every code a 4xx or 5xx status and a Japanese sentence', () => {
    for (const [code, entry] of Object.entries(APP_ERRORS)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.message, code).toMatch(/[ぁ-んァ-ヶ一-龠].*。?$/);
    }
  });

  it('is the only place that writes an error body: none is built by hand in app/ or server/', () => {
    const byHand = /\berror\s*:\s*\{\s*code\s*[:,}]/;
    const found = ['app', 'server']
      .flatMap(sourceFiles)
      .filter((file) => file !== 'app/lib/app-error.ts')
      .filter((file) => byHand.test(readSource(file)));
    expect(found).toEqual([]);
  });
});
