import { describe, expect, it } from 'vitest';
import { pageOf } from './pagination';

describe('pageOf', () => {
  it('clamps the page and computes the offset', () => {
    expect(pageOf({ total: 45, page: 2, perPage: 20 })).toEqual({ page: 2, pageCount: 3, offset: 20 });
    expect(pageOf({ total: 45, page: 99, perPage: 20 })).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(pageOf({ total: 0, page: 5, perPage: 20 })).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(pageOf({ total: 10, page: -3, perPage: 20 })).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });
});
