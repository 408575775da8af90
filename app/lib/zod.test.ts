import { describe, expect, it } from 'vitest';
import { z } from './zod';

/** The message zod gives for `input` against `schema`, or undefined when it passes. */
function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  const parsed = schema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
}

describe('zod messages without a text of their own', () => {
  it('are Japanese for each kind of mistake a call can make', () => {
    expect(messageOf(z.object({ title: z.string() }), {})).toBe('入力してください。');
    expect(messageOf(z.object({ title: z.string() }), null)).toBe('入力してください。');
    expect(messageOf(z.array(z.string()), 'a list as text')).toBe('入力の形式が正しくありません。');
    expect(messageOf(z.number(), 'seven')).toBe('数字で入力してください。');
    expect(messageOf(z.string().min(1), '')).toBe('入力してください。');
    expect(messageOf(z.string().min(8), 'short')).toBe('8文字以上で入力してください。');
    expect(messageOf(z.string().max(3), 'too long')).toBe('3文字以内で入力してください。');
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toBe('2件以内にしてください。');
    expect(messageOf(z.array(z.number()).min(1), [])).toBe('1件以上選んでください。');
    expect(messageOf(z.number().int().min(1), 0)).toBe('1以上の数を入力してください。');
    expect(messageOf(z.number().max(5), 9)).toBe('5以下の数を入力してください。');
    expect(messageOf(z.number().gt(0), 0)).toBe('0より大きい数を入力してください。');
    expect(messageOf(z.email(), 'not-an-address')).toBe('メールアドレスの形式で入力してください。');
    expect(messageOf(z.enum(['intern', 'recruit']), 'other')).toBe('選択肢の中から選んでください。');
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('受け付けていない項目が含まれています。');
  });

  it('leave a schema’s own message as it is', () => {
    expect(messageOf(z.string({ error: 'タイトルを入力してください。' }), undefined)).toBe('タイトルを入力してください。');
    expect(messageOf(z.string().max(3, 'タイトルは3文字以内で入力してください。'), 'long')).toBe('タイトルは3文字以内で入力してください。');
  });

  it('never fall back to English, whatever the check', () => {
    const schemas: Array<[z.ZodType, unknown]> = [
      [z.union([z.string(), z.number()]), true],
      [z.literal('a'), 'b'],
      [z.tuple([z.string()]), [1]],
      [z.record(z.string(), z.number()), { a: 'x' }],
      [z.date().min(new Date('2026-01-01')), new Date('2020-01-01')],
      [z.number().multipleOf(5), 7],
      [z.string().regex(/^\d+$/), 'abc'],
      [z.url(), 'no url'],
      [z.boolean(), 'yes'],
    ];
    for (const [schema, input] of schemas) {
      const message = messageOf(schema, input);
      expect(message).toMatch(/。$/);
      expect(message?.replace('URL', '')).toMatch(/^[^A-Za-z]+$/);
    }
  });
});
