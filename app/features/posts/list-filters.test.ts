import { describe, expect, it } from 'vitest';
import { companyListScope, ENTRY_SHEET_SCOPE, isFiltered, parsePostListQuery, postListSearch } from './list-filters';

const parse = (search: string, scope = ENTRY_SHEET_SCOPE) => parsePostListQuery(new URLSearchParams(search), scope);

describe('post list URLs', () => {
  it('reads what the scope offers and ignores the rest', () => {
    expect(parse('sort=useful&year=2025&season=winter&result=passed&selection=intern&industry=3&job=技術職&page=2')).toEqual({
      sort: 'useful',
      year: 2025,
      season: 'winter',
      result: 'passed',
      jobType: '技術職',
      selection: 'intern',
      industryId: 3,
      q: '',
      page: 2,
    });
    const intern = companyListScope('intern_experience');
    expect(parse('result=passed&selection=intern&industry=3&q=ガクチカ', intern)).toMatchObject({
      result: null,
      selection: null,
      industryId: null,
      q: '',
    });
    expect(parse('sort=oldest&year=abc&season=spring&page=-1&result=offer')).toMatchObject({
      sort: 'new',
      year: null,
      season: null,
      page: 1,
      result: null,
    });
  });

  it('writes one URL per list: fixed order, defaults left out', () => {
    const query = parse('page=3&sort=useful&job=営業&year=2025&q= ガクチカ ');
    expect(postListSearch(query)).toBe(
      `q=${encodeURIComponent('ガクチカ')}&year=2025&job=${encodeURIComponent('営業')}&sort=useful&page=3`,
    );
    expect(postListSearch(parse('sort=new&page=1'))).toBe('');
    expect(postListSearch(query, { page: 1 })).not.toContain('page');
    expect(parse(postListSearch(query))).toEqual({ ...query, q: 'ガクチカ' });
  });

  it('drops control characters, which PostgreSQL refuses in text (NUL) and nobody types', () => {
    expect(parse('q=%00%00&job=%00')).toMatchObject({ q: '  ', jobType: null });
    expect(isFiltered(parse('q=%00%00&job=%00'))).toBe(false);
    expect(parse('q=ガク%00チカ&job=営%1F業')).toMatchObject({ q: 'ガク チカ', jobType: '営 業' });
  });

  it('tells a filtered list from a sorted one', () => {
    expect(isFiltered(parse('sort=useful&page=2'))).toBe(false);
    expect(isFiltered(parse('season=summer'))).toBe(true);
  });
});
