import { describe, expect, it } from 'vitest';
import { jsonError, parseId } from './http';

describe('parseId', () => {
  it('accepts positive integers that fit in an int column', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2147483647);
  });
  it('refuses everything else', () => {
    for (const raw of ['0', '-1', '01', '1.5', '1e3', '12abc', '', ' 1', '2147483648', '99999999999', undefined, null]) {
      expect(parseId(raw)).toBeNull();
    }
  });
});

describe('jsonError', () => {
  it('answers JSON with a code and a Japanese message', async () => {
    const response = jsonError(400, 'invalid_source', 'source が正しくありません');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: { code: 'invalid_source', message: 'source が正しくありません' } });
  });
});
