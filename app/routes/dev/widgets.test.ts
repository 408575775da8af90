import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../lib/app-error';
import { loader } from './widgets';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the widget gallery', () => {
  it('does not exist in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    let thrown: unknown;
    try {
      await loader();
    } catch (error) {
      thrown = error;
    }
    // The catalog's not_found: the server answers it with the Japanese 404 page.
    expect(isAppError(thrown, 'not_found')).toBe(true);
  });

  it('exists outside production', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    await expect(Promise.resolve(loader())).resolves.toBeNull();
  });
});
