import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url';

describe('loggedUrl', () => {
  it('hides password-reset tokens in the path and secret parameters in the query', () => {
    expect(loggedUrl('/password_reset/abcDEF123_-xyz')).toBe('/password_reset/[redacted]');
    expect(loggedUrl('/password_reset/abc?x=1')).toBe('/password_reset/[redacted]?x=1');
    expect(loggedUrl('/login?token=abc&redirect_to=%2Fmypage')).toBe('/login?token=%5Bredacted%5D&redirect_to=%2Fmypage');
    expect(loggedUrl('/x?authenticity_token=t')).not.toContain('=t');
  });

  it('leaves other URLs as they were', () => {
    expect(loggedUrl('/password_reset')).toBe('/password_reset');
    expect(loggedUrl('/companies/12?q=%E3%81%82&page=2')).toBe('/companies/12?q=%E3%81%82&page=2');
    expect(loggedUrl('/')).toBe('/');
  });
});

describe('loggedUrl over the route table', () => {
  it('redacts every route segment that carries a secret, however it is spelled', async () => {
    const { default: routes } = await import('../routes');
    const { routeTemplates, fill } = await import('../../tests/support/route-paths');
    const secretParams = routeTemplates(routes).filter((template) => template.params.some((name) => /token|secret|key/i.test(name)));
    expect(secretParams.map((template) => template.pattern)).toContain('/password_reset/:token');
    const secret = 'S3cr3t-Value_abcdefghijklmnopqrstuvwxyz';
    for (const template of secretParams) {
      const path = fill(template.pattern, (name) => (/token|secret|key/i.test(name) ? secret : '1'));
      const spellings = [path, `${path}.data`, `${path}?x=1`, path.toUpperCase(), path.replaceAll('_', '%5F'), path.replace(/^\//, '//')];
      for (const url of spellings) expect(loggedUrl(url), url).not.toMatch(/s3cr3t/i);
    }
  });
});
