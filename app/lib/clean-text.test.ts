import { describe, expect, it } from 'vitest';
import { cleanFormData, cleanJson, cleanText, parseCleanJson } from './clean-text';

const HOSTILE = '\u0000\u0085\u009b\u202e\u2066\u200f\u200e\u202a\u2069\u007f\u001b';

describe('cleanText', () => {
  it('removes NUL, C0 and C1 controls and bidi marks and overrides', () => {
    expect(cleanText(`株式会社${HOSTILE}シューログ`)).toBe('株式会社シューログ');
  });

  it.each([
    ['一行目\r\n二行目\r三行目\n四\t行目', '一行目\n二行目\n三行目\n四 行目'],
    ['が', 'が'],
    ['e\u0301', 'é'],
    ['合格🎉 ２０２６年 Café', '合格🎉 ２０２６年 Café'],
    ['切れた\uD83C', '切れた\uFFFD'],
    ['\uDC00前', '\uFFFD前'],
  ])(
    'keeps line breaks as \\n, a tab as a space, emoji, full-width digits and mixed scripts, composes to NFC and replaces a lone surrogate: %j → %j',
    (text, cleaned) => {
      expect(cleanText(text)).toBe(cleaned);
    },
  );

  it('returns a clean text unchanged', () => {
    const text = 'ガクチカ：サークルの代表として、50人の合宿を企画しました。\n学んだこと：段取り';
    expect(cleanText(text)).toBe(text);
  });
});

describe('cleanFormData', () => {
  it('cleans every field and name but a password, and keeps files', () => {
    const form = new FormData();
    form.append('name', `試験${HOSTILE}太郎`);
    form.append(`note${HOSTILE}`, 'メモ');
    form.append('password', `pass${HOSTILE}`);
    form.append('currentPassword', `now\u0085`);
    form.append('file', new Blob(['a,b\u0000']), 'reviews.csv');
    const cleaned = cleanFormData(form);
    expect(cleaned.get('name')).toBe('試験太郎');
    expect(cleaned.get('note')).toBe('メモ');
    expect(cleaned.get('password')).toBe(`pass${HOSTILE}`);
    expect(cleaned.get('currentPassword')).toBe('now\u0085');
    expect(cleaned.get('file')).toBeInstanceOf(File);
  });
});

describe('cleanJson and parseCleanJson', () => {
  it('cleans every string and key, nested, but a password', () => {
    const body = {
      type: 'intern_experience',
      content: { title: `夏${HOSTILE}`, questions: [{ answer: `答え${HOSTILE}` }], days: 3 },
      [`odd${HOSTILE}`]: null,
      password: `pw${HOSTILE}`,
    };
    expect(cleanJson(body)).toEqual({
      type: 'intern_experience',
      content: { title: '夏', questions: [{ answer: '答え' }], days: 3 },
      odd: null,
      password: `pw${HOSTILE}`,
    });
  });

  it('keeps a "__proto__" key an own property, never the prototype', () => {
    const cleaned = parseCleanJson('{"__proto__":{"admin":true},"a":1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.hasOwn(cleaned, '__proto__')).toBe(true);
    expect((cleaned as { admin?: boolean }).admin).toBeUndefined();
  });

  it('is undefined for what is not JSON, or nested absurdly deep', () => {
    expect(parseCleanJson('{"a":')).toBeUndefined();
    expect(parseCleanJson(`${'['.repeat(40)}${']'.repeat(40)}`)).toBeUndefined();
    expect(parseCleanJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeUndefined();
    expect(parseCleanJson(`${'['.repeat(8)}"\u202ex"${']'.repeat(8)}`)).toEqual([[[[[[[['x']]]]]]]]);
    expect(parseCleanJson('"\\u0000x"')).toBe('x');
  });
});
