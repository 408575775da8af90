import { describe, expect, it } from 'vitest';
import { ConfigError, readPublicOrigin } from './config.server';

describe('PUBLIC_ORIGIN', () => {
  it('is required in production, where the server refuses to start without it', () => {
    expect(() => readPublicOrigin({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readPublicOrigin({ NODE_ENV: 'production', PUBLIC_ORIGIN: '' })).toThrow(/PUBLIC_ORIGIN is required/);
  });

  it('is a scheme and host only, without a trailing slash', () => {
    expect(readPublicOrigin({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shulog.example/' })).toBe('https://shulog.example');
    expect(readPublicOrigin({ PUBLIC_ORIGIN: 'https://shulog.example:8443' })).toBe('https://shulog.example:8443');
    for (const bad of [
      'shulog.example',
      'ftp://shulog.example',
      'https://shulog.example/path',
      'https://shulog.example?x=1',
      'https://user:pw@shulog.example',
    ]) {
      expect(() => readPublicOrigin({ PUBLIC_ORIGIN: bad }), bad).toThrow(ConfigError);
    }
  });

  it('defaults to the address the server listens on outside production', () => {
    expect(readPublicOrigin({})).toBe('http://127.0.0.1:3000');
    expect(readPublicOrigin({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(readPublicOrigin({ HOST: 'localhost', PORT: '3100' })).toBe('http://localhost:3100');
    expect(readPublicOrigin({ HOST: '::1' })).toBe('http://[::1]:3000');
  });
});
