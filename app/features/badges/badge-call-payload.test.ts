import { describe, expect, it } from 'vitest';
import { parseBadgeKindIds } from './badge-call-payload';

describe('parseBadgeKindIds', () => {
  it('accepts lists of integers or digit strings, without duplicates', () => {
    expect(parseBadgeKindIds([101, 106])).toEqual([101, 106]);
    expect(parseBadgeKindIds(['101', '106', '101'])).toEqual([101, 106]);
    expect(parseBadgeKindIds([])).toEqual([]);
  });

  it('refuses anything else', () => {
    for (const value of [undefined, null, '101', 101, [1.5], [-1], [0], ['1e3'], ['abc'], [{}], [99999], Array(101).fill(1)]) {
      expect(parseBadgeKindIds(value)).toBeNull();
    }
  });
});
