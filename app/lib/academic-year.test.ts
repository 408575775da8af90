import { describe, expect, it } from 'vitest';
import { currentGraduationYear } from './academic-year';

describe('academic years on Tokyo time', () => {
  it('give the graduation year of this academic year, which turns over on the first of April in Tokyo', () => {
    expect(currentGraduationYear(new Date('2026-11-26T03:00:00Z'))).toBe(2027);
    expect(currentGraduationYear(new Date('2027-03-31T14:59:59Z'))).toBe(2027);
    expect(currentGraduationYear(new Date('2027-03-31T15:00:00Z'))).toBe(2028);
  });
});
