import { describe, expect, it } from 'vitest';
import { isFiltered, queueSearch, readQueueFilters } from './queue-filters';

describe('the queue filters in a URL', () => {
  it('reads the known filters and drops anything unknown or malformed', () => {
    expect(readQueueFilters(new URLSearchParams('type=intern_experience&company_id=12&page=3'))).toEqual({
      type: 'intern_experience',
      companyId: 12,
      page: 3,
    });
    expect(readQueueFilters(new URLSearchParams('type=nonsense&company_id=12abc&page=0&decided=5'))).toEqual({
      type: null,
      companyId: null,
      page: 1,
    });
  });

  it('writes only the filters: a confirmation never rides along into the next link', () => {
    const filters = readQueueFilters(new URLSearchParams('type=entry&company_id=7&page=2&decided=99&utm_source=x'));
    expect(queueSearch(filters)).toBe('?company_id=7&page=2');
    expect(queueSearch({ type: 'company_study', companyId: 7, page: 2 }, { page: 1 })).toBe('?type=company_study&company_id=7');
    expect(queueSearch({ type: 'company_study', companyId: 7, page: 2 }, { companyId: null, page: 1 })).toBe('?type=company_study');
    expect(queueSearch({ type: null, companyId: null, page: 1 })).toBe('');
    expect(queueSearch({ type: null, companyId: 7, page: 4 }, { page: 1, decided: 31 })).toBe('?company_id=7&decided=31');
  });

  it('tells a narrowed queue from the whole one (the page is not a filter)', () => {
    expect(isFiltered({ type: null, companyId: null, page: 3 })).toBe(false);
    expect(isFiltered({ type: 'student_word_mouth', companyId: null, page: 1 })).toBe(true);
    expect(isFiltered({ type: null, companyId: 4, page: 1 })).toBe(true);
  });
});
