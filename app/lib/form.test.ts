import { z } from './zod';
import { describe, expect, it } from 'vitest';
import { fieldMessages, formFailure, formMessage, formValues, parseForm } from './form';

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('the form parser', () => {
  it('nests fields by their paths and makes [] names lists', () => {
    expect(
      formValues(
        form([
          ['title', '体験記'],
          ['questions.0.question', '志望動機'],
          ['questions.0.answer', '…'],
          ['questions.1.question', 'ガクチカ'],
          ['industryIds[]', '3'],
          ['ratings.all', '4'],
        ]),
      ),
    ).toEqual({
      title: '体験記',
      questions: [{ question: '志望動機', answer: '…' }, { question: 'ガクチカ' }],
      industryIds: ['3'],
      ratings: { all: '4' },
    });
  });

  it('keys every message by the full path of its field, and echoes what was typed but passwords', () => {
    const schema = z.object({
      email: z.string().min(1, 'メールアドレスを入力してください。'),
      password: z.string().min(8, 'パスワードは8文字以上で入力してください。'),
      questions: z.array(z.object({ question: z.string(), answer: z.string().min(1, '回答を入力してください。') })),
    });
    const result = parseForm(
      schema,
      form([
        ['email', ''],
        ['password', 'short'],
        ['questions.0.question', 'Q1'],
        ['questions.0.answer', 'A1'],
        ['questions.1.question', 'Q2'],
        ['questions.1.answer', ''],
      ]),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        email: 'メールアドレスを入力してください。',
        password: 'パスワードは8文字以上で入力してください。',
        'questions.1.answer': '回答を入力してください。',
      },
      values: {
        email: '',
        questions: [
          { question: 'Q1', answer: 'A1' },
          { question: 'Q2', answer: '' },
        ],
      },
    });
  });

  it('gives the typed data of a valid form', () => {
    const result = parseForm(z.object({ year: z.coerce.number() }), form([['year', '2027']]));
    expect(result).toEqual({ ok: true, data: { year: 2027 } });
  });
});

describe('formValues against crafted field names', () => {
  it('ignores names that would reach a prototype or make a huge list, and pollutes nothing', () => {
    const form = new FormData();
    form.append('__proto__.polluted', 'yes');
    form.append('constructor.prototype.polluted', 'yes');
    form.append('questions.0.__proto__.polluted', 'yes');
    form.append('questions.99999999.answer', 'x');
    form.append('title', 'ok');
    const values = formValues(form);
    expect(values).toEqual({ title: 'ok' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('the one refused-form shape and its readers', () => {
  it('reads a schema’s refusal and the server’s alike, and nothing else', () => {
    const refused = parseForm(z.object({ title: z.string().min(5, '短すぎます。') }), form([['title', 'abc']]));
    expect(formFailure(refused)).toEqual({ ok: false, errors: { title: '短すぎます。' }, values: { title: 'abc' } });
    const server = { ok: false, code: 'stale_revision', errors: { form: '別のタブで更新されています。' }, values: {} };
    expect(formFailure(server)).toEqual(server);
    expect(formFailure({ ok: true, created: true })).toBeUndefined();
    expect(formFailure({ ok: false, errors: undefined, unsent: {} })).toBeUndefined();
    expect(formFailure(undefined)).toBeUndefined();
  });

  it('says the message above the form apart from the fields’, the same fields object for the same answer', () => {
    const failure = formFailure({ ok: false, errors: { form: '上のメッセージ', email: '横のメッセージ' }, values: {} });
    expect(formMessage(failure)).toBe('上のメッセージ');
    expect(fieldMessages(failure)).toEqual({ email: '横のメッセージ' });
    expect(fieldMessages(failure)).toBe(fieldMessages(failure));
    const fieldsOnly = formFailure({ ok: false, errors: { email: '横のメッセージ' }, values: {} });
    expect(fieldMessages(fieldsOnly)).toBe(fieldsOnly?.errors);
    expect(formMessage(fieldsOnly)).toBeUndefined();
  });
});
