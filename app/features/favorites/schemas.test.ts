import { describe, expect, it } from 'vitest';
import { parseForm } from '../../lib/form';
import { addFavoriteSchema } from './schemas';

describe('the favorite call schema', () => {
  it("takes a company's id as its URL writes it", () => {
    expect(parseForm(addFavoriteSchema, { company_id: '12' })).toEqual({ ok: true, data: { company_id: 12 } });
  });

  it('refuses anything else, and a missing or repeated field', () => {
    for (const value of ['', '0', '-1', '12abc', '1e3', ' 12', '2147483648', ['1', '2']])
      expect(parseForm(addFavoriteSchema, { company_id: value }).ok, String(value)).toBe(false);
    expect(parseForm(addFavoriteSchema, {}).ok).toBe(false);
  });
});
