import { describe, expect, it } from 'vitest';
import { parseCompanySearchParams } from './search-params';

const parse = (query: string) => parseCompanySearchParams(new URLSearchParams(query));

describe('parseCompanySearchParams', () => {
  it('reads every filter', () => {
    expect(parse('q=あおば&industry=3&pref=13&sort=kana&page=2')).toEqual({
      keyword: 'あおば',
      industryId: 3,
      prefectureId: 13,
      sort: 'kana',
      page: 2,
    });
  });
  it('sorts by relevance with a keyword and by posts without one', () => {
    expect(parse('q=あお').sort).toBe('relevance');
    expect(parse('').sort).toBe('posts');
    expect(parse('sort=relevance').sort).toBe('posts');
  });
  it('ignores values that make no sense instead of failing', () => {
    expect(parse('industry=abc&pref=48&sort=price&page=-1')).toEqual({
      keyword: '',
      industryId: undefined,
      prefectureId: undefined,
      sort: 'posts',
      page: 1,
    });
  });
  it('cuts the keyword to 100 characters', () => {
    expect(Array.from(parse(`q=${'あ'.repeat(150)}`).keyword)).toHaveLength(100);
  });
});
