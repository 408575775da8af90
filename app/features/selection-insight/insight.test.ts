import { describe, expect, it } from 'vitest';
import {
  daysAgoText,
  groupAskedQuestions,
  median,
  weightedMedian,
  MIN_REPORTS,
  quickReportText,
  summarizeFlows,
  summarizeSteps,
  type StepRow,
} from './insight';

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, to one decimal', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([7, 10, 14, 5])).toBe(8.5);
    expect(median([1, 2])).toBe(1.5);
    expect(median([2, 2, 3])).toBe(2);
  });

  it('counts grouped values as often as they occur', () => {
    expect(
      weightedMedian([
        { value: 10, count: 1 },
        { value: 2, count: 3 },
      ]),
    ).toBe(2);
    expect(
      weightedMedian([
        { value: 1, count: 2 },
        { value: 5, count: 2 },
      ]),
    ).toBe(3);
  });
});

describe('summarizeFlows', () => {
  const row = (flow: string, graduationYear: number | null = 2026) => ({
    flow,
    graduationYear,
    type: 'screening_experience' as const,
    count: 1,
  });

  it('lists only flows reported at least three times, most common first, with the years that reach three', () => {
    const rows = [
      ...Array.from({ length: 4 }, () => row('es,web_test,interview_1,final')),
      row('es,web_test,interview_1,final', 2027),
      ...Array.from({ length: 3 }, () => row('es,interview_1', 2027)),
      row('es,gd'),
      row('es,gd'),
    ];
    const flows = summarizeFlows(rows);
    expect(flows.reportCount).toBe(10);
    expect(flows.flows.map((flow) => [flow.text, flow.count])).toEqual([
      ['ES → Webテスト → 一次面接 → 最終面接', 5],
      ['ES → 一次面接', 3],
    ]);
    expect(flows.flows[0]!.byYear).toEqual([{ year: 2026, count: 4 }]);
    expect(flows.flows[1]!.byYear).toEqual([{ year: 2027, count: 3 }]);
  });

  it('takes grouped rows as their counts', () => {
    const flows = summarizeFlows([
      { ...row('es,interview_1'), count: 2 },
      { ...row('es,interview_1', 2027), count: 1 },
    ]);
    expect(flows.reportCount).toBe(3);
    expect(flows.flows.map((flow) => flow.count)).toEqual([3]);
  });

  it('skips a stored flow with an unknown step rather than showing it wrong', () => {
    expect(summarizeFlows([row('es,bogus'), row('es,bogus'), row('es,bogus')]).flows).toEqual([]);
  });
});

describe('summarizeSteps', () => {
  const stepRow = (fields: Partial<StepRow>): StepRow => ({
    step: 'interview_1',
    passed: null,
    resultDays: null,
    resultVia: null,
    count: 1,
    ...fields,
  });

  it('shows each figure only from at least three reports, and each step only when one figure is shown', () => {
    const rows = [
      stepRow({ passed: true, resultDays: 2, resultVia: 'email' }),
      stepRow({ passed: false, resultDays: 4, resultVia: 'phone' }),
      stepRow({ passed: true, resultVia: 'silent', resultDays: 30 }),
      stepRow({ step: 'final', passed: true, resultDays: 1 }),
    ];
    const [first, ...rest] = summarizeSteps(rows);
    expect(rest).toEqual([]);
    expect(first!.passes).toEqual({ known: 3, passed: 2 });
    // No contact has no days: two given days are fewer than three.
    expect(first!.days).toBeNull();
    expect(first!.channels).toEqual({
      count: 3,
      shares: [
        // Ties in the order of the form's choices.
        { via: 'phone', label: '電話', count: 1, percent: 33 },
        { via: 'email', label: 'メール', count: 1, percent: 33 },
        { via: 'silent', label: '連絡なし（サイレント）', count: 1, percent: 33 },
      ],
      silentPercent: 33,
    });
    expect(MIN_REPORTS).toBe(3);
  });

  it('lists steps in the order of a selection', () => {
    const rows = ['final', 'es', 'interview_2', 'web_test'].flatMap((step) =>
      Array.from({ length: 3 }, () => stepRow({ step, passed: true })),
    );
    expect(summarizeSteps(rows).map((item) => item.label)).toEqual(['ES', 'Webテスト', '二次面接', '最終面接']);
  });
});

describe('groupAskedQuestions', () => {
  const question = (postId: number, text: string, step = 'interview_1') => ({
    postId,
    type: 'screening_experience' as const,
    step,
    question: text,
  });

  it('shows nothing until the questions come from three reports', () => {
    expect(groupAskedQuestions([question(1, '志望動機を教えてください'), question(2, '志望動機を教えてください')]).groups).toEqual([]);
  });

  it('groups by kind with the ES search synonyms, each phrasing once with its count and steps, その他 last', () => {
    const grouped = groupAskedQuestions([
      question(3, '当社を志望する理由を教えてください', 'final'),
      question(2, '当社を志望する理由を教えてください'),
      question(2, '最近気になったニュースは何ですか'),
      question(1, 'しぼうどうきは？'),
      question(1, '最後に何か質問はありますか'),
    ]);
    expect(grouped.reportCount).toBe(3);
    expect(grouped.groups.map((group) => [group.key, group.count])).toEqual([
      ['motivation', 3],
      ['reverse', 1],
      ['other', 1],
    ]);
    expect(grouped.groups[0]!.questions).toEqual([
      { text: '当社を志望する理由を教えてください', count: 2, steps: ['最終面接', '一次面接'], postId: 3, type: 'screening_experience' },
      { text: 'しぼうどうきは？', count: 1, steps: ['一次面接'], postId: 1, type: 'screening_experience' },
    ]);
  });
});

describe('the 就活速報 line', () => {
  it('says the step, the outcome and how it came, or the title when it names no step', () => {
    expect(quickReportText({ title: 't', step: 'interview_1', outcome: 'passed', resultVia: 'email' })).toBe(
      '一次面接 通過の連絡あり（メール）',
    );
    expect(quickReportText({ title: 't', step: 'final', outcome: 'failed', resultVia: null })).toBe('最終面接 不合格の連絡あり');
    expect(quickReportText({ title: 't', step: 'es', outcome: 'failed', resultVia: 'silent' })).toBe('ES 不合格（連絡なし）');
    expect(quickReportText({ title: 't', step: 'gd', outcome: 'waiting', resultVia: null })).toBe('GD 結果待ち');
    expect(quickReportText({ title: '内定をいただきました', step: null, outcome: null, resultVia: null })).toBe('内定をいただきました');
  });

  it('says when as a student would', () => {
    expect([0, 1, 2, 30].map(daysAgoText)).toEqual(['今日', '昨日', '2日前', '30日前']);
  });
});
