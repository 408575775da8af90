import { describe, expect, it } from 'vitest';
import { parseId } from './http';

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
