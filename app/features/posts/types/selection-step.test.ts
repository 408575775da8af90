import { describe, expect, it } from 'vitest';
import { readableLines } from '../readable-text';
import { POST_TYPE_MODULES, toPostRecord } from './registry';

const screening = POST_TYPE_MODULES.screening_experience;
const base = {
  title: '本選考体験記（内定）',
  graduationYear: 2026,
  result: 'offer',
  reflection: '早めに業界研究を始めたことで、面接で具体的な話ができました。後輩にも早めの準備をすすめたいです。',
};
const interview = { kind: 'interview', round: '2', final: 'on', body: '役員の方と30分、志望動機を深く聞かれました。' };

function messages(content: unknown): Array<[string, string]> {
  const result = screening.schema.safeParse(content);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe("a selection step's optional fields", () => {
  it('are stored only when given: empty questions dropped, no days for no contact', () => {
    const parsed = screening.schema.parse({
      ...base,
      steps: [
        { kind: 'es', body: '志望動機とガクチカを書きました。', resultDays: '', resultVia: '', date: '', questions: ['', '  '] },
        { ...interview, date: '2025-04-10', questions: ['逆質問はありますか', ''], resultDays: '5', resultVia: 'silent' },
      ],
    });
    const record = toPostRecord('screening_experience', parsed);
    expect(record.screening?.steps).toEqual([
      { kind: 'es', body: '志望動機とガクチカを書きました。' },
      {
        kind: 'interview',
        round: 2,
        final: true,
        date: '2025-04-10',
        questions: ['逆質問はありますか'],
        resultVia: 'silent',
        body: interview.body,
      },
    ]);
  });

  it('answer malformed or too long input in Japanese, beside the field', () => {
    expect(messages({ ...base, steps: 'foo' })).toEqual([['steps', '選考ステップを正しく入力してください。']]);
    expect(
      messages({
        ...base,
        steps: [{ ...interview, questions: 'foo', resultDays: '200', resultVia: 'fax', date: '2025-02-30' }],
      }),
    ).toEqual([
      ['steps.0.date', 'ステップの日付を正しい日付で入力してください。'],
      ['steps.0.questions', '聞かれた質問を正しく入力してください。'],
      ['steps.0.resultDays', '結果連絡までの日数を0〜180日で入力してください。'],
      ['steps.0.resultVia', '結果連絡の方法を選んでください。'],
    ]);
    expect(messages({ ...base, steps: [{ ...interview, questions: ['あ'.repeat(201)] }] })).toEqual([
      ['steps.0.questions.0', '聞かれた質問は1つ200文字以内で入力してください。'],
    ]);
    expect(messages({ ...base, steps: [{ ...interview, questions: Array.from({ length: 11 }, (_, i) => `質問${i}`) }] })).toEqual([
      ['steps.0.questions', '聞かれた質問は10個までです。'],
    ]);
  });

  it('show in the text the moderator compares, step by step', () => {
    const content = screening.schema.parse({
      ...base,
      steps: [{ ...interview, date: '2025-04-10', questions: ['逆質問はありますか'], resultDays: '3', resultVia: 'email' }],
    });
    const lines = readableLines('screening_experience', content);
    expect(lines).toEqual(
      expect.arrayContaining([
        '■ 最終面接の詳細',
        '日付：2025年4月10日',
        '結果連絡：3日後にメールで連絡',
        '聞かれた質問：逆質問はありますか',
      ]),
    );
  });
});
