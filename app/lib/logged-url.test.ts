import { describe, expect, it } from 'vitest';
import { loggedUrl } from './log-url';

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
