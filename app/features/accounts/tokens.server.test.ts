import { describe, expect, it } from 'vitest';
import { isTokenShaped, randomToken, tokensEqual } from './tokens.server';

describe('tokens', () => {
  it('recognises the shape of the tokens it makes, and nothing else', () => {
    for (let i = 0; i < 50; i++) expect(isTokenShaped(randomToken())).toBe(true);
    const token = randomToken();
    expect(isTokenShaped(token.slice(1))).toBe(false);
    expect(isTokenShaped(`${token}A`)).toBe(false);
    expect(isTokenShaped(`${token.slice(1)}+`)).toBe(false);
    expect(isTokenShaped('bench')).toBe(false);
    expect(isTokenShaped('')).toBe(false);
  });

  it('compares tokens whole', () => {
    const token = randomToken();
    expect(tokensEqual(token, token)).toBe(true);
    expect(tokensEqual(token, randomToken())).toBe(false);
    expect(tokensEqual(token, '')).toBe(false);
  });
});
