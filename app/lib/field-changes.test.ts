import { describe, expect, it } from 'vitest';
import { fieldChanges } from './field-changes';

describe('fieldChanges', () => {
  it('lists each changed field with its value before and after, and only those to write', () => {
    const before = { name: '青葉銀行', url: null as string | null, employeeCount: 120 };
    const after = { name: '青葉銀行', url: 'https://aoba.example.jp/', employeeCount: 150 };
    expect(fieldChanges(before, after, ['name', 'url', 'employeeCount'])).toEqual({
      changes: { url: [null, 'https://aoba.example.jp/'], employeeCount: [120, 150] },
      set: { url: 'https://aoba.example.jp/', employeeCount: 150 },
    });
  });

  it('finds nothing to write when nothing changed', () => {
    const row = { name: '青葉銀行', kana: 'アオバギンコウ' };
    expect(fieldChanges(row, { ...row }, ['name', 'kana'])).toEqual({ changes: {}, set: {} });
  });
});
