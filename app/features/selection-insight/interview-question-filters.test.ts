import { describe, expect, it } from 'vitest';
import { interviewQuestionSearch, parseInterviewQuestionFilters } from './interview-question-filters';

describe('parseInterviewQuestionFilters', () => {
  it('drops NUL, C1 controls and bidi overrides from the query, which PostgreSQL could not compare', () => {
    const filters = parseInterviewQuestionFilters(new URLSearchParams({ q: '志望\u0000動機\u0085\u009b\u202e\u2066\u200f' }));
    expect(filters.q).toBe('志望動機');
  });

  it('cuts a long query at 100 characters without splitting an emoji', () => {
    const filters = parseInterviewQuestionFilters(new URLSearchParams({ q: `${'あ'.repeat(99)}😀😀` }));
    expect(Array.from(filters.q)).toHaveLength(100);
    expect(filters.q.endsWith('😀')).toBe(true);
  });

  it('reads malformed filters as no filter, and writes the known ones back in a fixed order', () => {
    const filters = parseInterviewQuestionFilters(
      new URLSearchParams({ q: ' ガクチカ ', industry: '1\u0000', step: 'es\u0000', year: '2028', company: '0', page: 'x' }),
    );
    expect(filters).toEqual({ q: ' ガクチカ ', industryId: null, step: null, graduationYear: 2028, companyId: null, page: 1 });
    expect(interviewQuestionSearch(filters)).toBe('q=%E3%82%AC%E3%82%AF%E3%83%81%E3%82%AB&year=2028');
  });
});
