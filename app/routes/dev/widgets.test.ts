import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it('exists outside production', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    await expect(Promise.resolve(loader())).resolves.toBeNull();
  });
});
