import { describe, expect, it } from 'vitest';
import { canReadFullText, VISITOR_EXCERPT_LENGTH, visibleSections } from './full-text-access';

const long = 'あ'.repeat(VISITOR_EXCERPT_LENGTH + 50);

describe('full-text access', () => {
  it('lets logged-in members read everything', () => {
    expect(canReadFullText({ userId: 1, role: 'student', name: null })).toBe(true);
    expect(visibleSections([{ heading: '内容', body: long }], true)).toEqual([{ heading: '内容', body: long, truncated: false }]);
  });

  it('gives visitors the first 100 characters of each section', () => {
    expect(canReadFullText(null)).toBe(false);
    const [cut, short] = visibleSections(
      [
        { heading: '内容', body: long },
        { heading: '感想', body: '短い感想' },
      ],
      false,
    );
    expect(Array.from(cut!.body)).toHaveLength(VISITOR_EXCERPT_LENGTH);
    expect(cut!.truncated).toBe(true);
    expect(short).toEqual({ heading: '感想', body: '短い感想', truncated: false });
  });

  it('counts characters, not UTF-16 units', () => {
    const [cut] = visibleSections([{ heading: 'x', body: '𠮷'.repeat(150) }], false);
    expect(cut!.body).toBe('𠮷'.repeat(VISITOR_EXCERPT_LENGTH));
  });
});
