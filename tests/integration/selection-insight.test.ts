// Issue 34: 選考対策. The rows publication keeps (migration 0030) and the figures of a company's
// 選考対策 page and the question search, from known posts, against a real database (PGlite, or
// PostgreSQL with DATABASE_URL): flows and their counts, passes, medians, the minimum of three
// reports, publication and unpublication, and the SQL step key held to the TypeScript one.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../app/db/client.server';
import type { ScreeningStep } from '../../app/db/schema';
import { reportPost, unpublishPost } from '../../app/features/moderation/reports.server';
import { stepKeyOf } from '../../app/features/posts/selection-steps';
import { tokyoDate } from '../../app/lib/tokyo-time';
import { parseInterviewQuestionFilters } from '../../app/features/selection-insight/interview-question-filters';
import { getCommonFlow, getSelectionInsight } from '../../app/features/selection-insight/get-selection-insight.server';
import { searchInterviewQuestions } from '../../app/features/selection-insight/search-interview-questions.server';
import { createCompany, createModerator, createStudent, industryIdOf, publishPost } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

type StepInput = Omit<ScreeningStep, 'body'> & { final: boolean };

const step = (fields: Partial<StepInput> & Pick<StepInput, 'kind'>) => ({
  final: false,
  body: 'このステップの内容をくわしく書きました。',
  ...fields,
});

/** ES → Webテスト → 一次面接 → 最終面接, with 結果連絡 for each step. */
function fullFlow(days: { es: number; test: number; first: number; final: number }, via: 'email' | 'phone' | 'mypage' = 'email') {
  return [
    step({ kind: 'es', resultDays: days.es, resultVia: via, date: '2025-03-01' }),
    step({ kind: 'web_test', resultDays: days.test, resultVia: 'mypage' }),
    step({
      kind: 'interview',
      round: 1,
      resultDays: days.first,
      resultVia: via,
      questions: ['当社を志望する理由を教えてください', '学生時代に力を入れたことは何ですか'],
    }),
    step({
      kind: 'interview',
      round: 2,
      final: true,
      resultDays: days.final,
      resultVia: 'phone',
      questions: ['最後に何か質問はありますか'],
    }),
  ];
}

async function screening(options: {
  authorId: number;
  companyId: number;
  steps: ReturnType<typeof step>[];
  result: 'offer' | 'rejected' | 'declined' | 'in_progress';
  graduationYear?: number;
}): Promise<number> {
  const { postId } = await publishPost({
    type: 'screening_experience',
    authorId: options.authorId,
    companyId: options.companyId,
    content: { steps: options.steps, result: options.result, graduationYear: options.graduationYear ?? 2026 },
  });
  return postId;
}

describe('選考対策 of a company', () => {
  it('counts flows, passes, days and channels from published posts, shows nothing from fewer than three, and follows unpublication', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createCompany({ name: '選考対策テスト株式会社' });

    // Two reports only: nothing is shown yet.
    await screening({ authorId: userId, companyId, steps: fullFlow({ es: 7, test: 3, first: 2, final: 1 }), result: 'offer' });
    await screening({ authorId: userId, companyId, steps: fullFlow({ es: 10, test: 5, first: 4, final: 2 }), result: 'offer' });
    let insight = await getSelectionInsight(companyId);
    expect(insight.flows.screening.reportCount).toBe(2);
    expect(insight.flows.screening.flows).toEqual([]);
    expect(insight.steps).toEqual([]);
    expect(insight.questions.groups).toEqual([]);
    expect(await getCommonFlow(companyId)).toBeNull();

    // The third report of the same flow, rejected at the final interview with no contact at all.
    const silent = fullFlow({ es: 14, test: 4, first: 3, final: 0 });
    silent[3] = step({ kind: 'interview', round: 2, final: true, resultVia: 'silent', resultDays: 9 });
    const third = await screening({ authorId: userId, companyId, steps: silent, result: 'rejected', graduationYear: 2027 });
    // A selection that stopped at ES: its step counts, its 「flow」 is no flow of the company's.
    await screening({ authorId: userId, companyId, steps: [step({ kind: 'es', resultDays: 5, resultVia: 'email' })], result: 'rejected' });
    // An offer declined: the whole flow, seen to its end, without 結果連絡.
    await screening({
      authorId: userId,
      companyId,
      steps: [
        step({ kind: 'es' }),
        step({ kind: 'web_test' }),
        step({ kind: 'interview', round: 1 }),
        step({ kind: 'interview', round: 2, final: true }),
      ],
      result: 'declined',
    });

    insight = await getSelectionInsight(companyId);
    // The flows of the selections seen to their end (two offers, one declined); the rejected ones stopped part way.
    expect(insight.flows.screening.reportCount).toBe(3);
    expect(insight.flows.screening.flows).toEqual([
      {
        steps: ['es', 'web_test', 'interview_1', 'final'],
        text: 'ES → Webテスト → 一次面接 → 最終面接',
        count: 3,
        byYear: [{ year: 2026, count: 3 }],
      },
    ]);
    const byStep = Object.fromEntries(insight.steps.map((item) => [item.step, item]));
    // ES: five reports, all passed but the one that ended there.
    expect(byStep.es?.passes).toEqual({ known: 5, passed: 4 });
    expect(byStep.es?.days).toEqual({ count: 4, median: 8.5, min: 5, max: 14 });
    expect(byStep.es?.channels?.shares).toEqual([{ via: 'email', label: 'メール', count: 4, percent: 100 }]);
    expect(byStep.web_test?.days).toEqual({ count: 3, median: 4, min: 3, max: 5 });
    // 最終面接: two offers and one rejection (辞退 leaves it unknown); the silent one gives no days.
    expect(byStep.final?.passes).toEqual({ known: 3, passed: 2 });
    expect(byStep.final?.days).toBeNull();
    expect(byStep.final?.channels?.silentPercent).toBe(33);
    expect(insight.steps.map((item) => item.step)).toEqual(['es', 'web_test', 'interview_1', 'final']);
    expect(await getCommonFlow(companyId)).toEqual({
      text: 'ES → Webテスト → 一次面接 → 最終面接',
      count: 3,
      reportCount: 3,
      intern: false,
    });

    // Questions from three reports, grouped by the ES search's kinds, each linking to its post.
    expect(insight.questions.reportCount).toBe(3);
    expect(insight.questions.groups.map((group) => [group.key, group.count])).toEqual([
      ['motivation', 3],
      ['gakuchika', 3],
      // The silent final interview listed no question.
      ['reverse', 2],
    ]);
    // One phrasing asked in three reports is listed once, with its step and the newest post.
    expect(insight.questions.groups[0]?.questions).toEqual([
      { text: '当社を志望する理由を教えてください', count: 3, steps: ['一次面接'], postId: third, type: 'screening_experience' },
    ]);

    // Taken down: its rows go at once, and the figures fall back under the minimum.
    const { userId: moderatorId } = await createModerator();
    const reader = await createStudent();
    await reportPost({ userId: reader.userId, postId: third, reason: 'personal_information' });
    await unpublishPost({ moderatorId, postId: third, reason: 'personal_information' });
    insight = await getSelectionInsight(companyId);
    expect(insight.questions.groups).toEqual([]);
    expect(insight.steps.find((item) => item.step === 'final')).toBeUndefined();
    const left = await selectRows<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM selection_step_reports WHERE post_id = ${third})
           + (SELECT count(*) FROM selection_questions WHERE post_id = ${third})
           + (SELECT count(*) FROM selection_reports WHERE post_id = ${third}) AS n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });

  it('keeps internships apart: their flows are listed on their own and their steps never count as passed', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createCompany();
    for (let i = 0; i < 3; i++) {
      await publishPost({
        type: 'intern_experience',
        authorId: userId,
        companyId,
        content: {
          graduationYear: 2027,
          steps: [
            { kind: 'es', final: false, resultDays: 7, resultVia: 'mypage' },
            {
              kind: 'interview',
              round: 1,
              final: false,
              resultDays: 2 + i,
              resultVia: 'email',
              questions: ['チームで果たした役割を教えてください'],
            },
          ],
        },
      });
    }
    const insight = await getSelectionInsight(companyId);
    expect(insight.flows.screening.reportCount).toBe(0);
    expect(insight.flows.intern.flows).toEqual([
      { steps: ['es', 'interview_1'], text: 'ES → 一次面接', count: 3, byYear: [{ year: 2027, count: 3 }] },
    ]);
    for (const item of insight.steps) expect(item.passes).toBeNull();
    expect(insight.steps.find((item) => item.step === 'interview_1')?.days).toEqual({ count: 3, median: 3, min: 2, max: 4 });
    expect(insight.questions.groups.map((group) => group.key)).toEqual(['teamwork']);
    expect((await getCommonFlow(companyId))?.intern).toBe(true);
  });

  it('takes a 就活速報 as a report of its step: its outcome, days and channel, and lists the latest of the season', async () => {
    const { userId } = await createStudent();
    const { companyId } = await createCompany();
    const today = tokyoDate();
    const outcomes = ['passed', 'passed', 'failed', 'waiting'] as const;
    for (const [index, outcome] of outcomes.entries()) {
      await publishPost({
        type: 'jobhunt_prompt_report',
        authorId: userId,
        companyId,
        content: { eventDate: today, step: 'interview_1', outcome, resultDays: 2 + index, resultVia: 'email' },
      });
    }
    const insight = await getSelectionInsight(companyId);
    const first = insight.steps.find((item) => item.step === 'interview_1');
    // 結果待ち knows no outcome and keeps no days: three known, two passed; days 2, 3, 4.
    expect(first?.passes).toEqual({ known: 3, passed: 2 });
    expect(first?.days).toEqual({ count: 3, median: 3, min: 2, max: 4 });
    expect(insight.quick).toHaveLength(4);
    expect(insight.quick.map((line) => line.text)).toEqual([
      '一次面接 結果待ち',
      '一次面接 不合格の連絡あり（メール）',
      '一次面接 通過の連絡あり（メール）',
      '一次面接 通過の連絡あり（メール）',
    ]);
    expect(insight.quick[0]?.when).toBe('今日');
  });
});

describe('the step key', () => {
  it('is the same in SQL (selection_step_key) as in TypeScript (stepKeyOf)', async () => {
    const cases = [
      { kind: 'es' as const },
      { kind: 'web_test' as const },
      { kind: 'gd' as const },
      { kind: 'interview' as const },
      { kind: 'interview' as const, round: 1, final: true },
      { kind: 'interview' as const, round: 3 },
      { kind: 'interview' as const, round: 3, final: true },
      { kind: 'interview' as const, round: 10 },
    ];
    for (const item of cases) {
      const [row] = await selectRows<{ key: string }>(sql`SELECT selection_step_key(${JSON.stringify(item)}::jsonb) AS key`);
      expect(row?.key, JSON.stringify(item)).toBe(stepKeyOf(item));
    }
  });
});

describe('/interview_questions', () => {
  it('finds the questions of every company by kind and synonym, filtered by industry, step and graduation year', async () => {
    const { userId } = await createStudent();
    const { companyId: maker } = await createCompany({ name: '質問検索メーカー株式会社', industryId: industryIdOf('ソフトウェア') });
    const { companyId: bank } = await createCompany({ name: '質問検索銀行株式会社', industryId: industryIdOf('銀行') });
    await screening({
      authorId: userId,
      companyId: maker,
      steps: [
        step({ kind: 'es' }),
        step({ kind: 'interview', round: 1, questions: ['弊社を志望した理由は？', '自己PRを1分でお願いします'] }),
      ],
      result: 'offer',
      graduationYear: 2026,
    });
    await screening({
      authorId: userId,
      companyId: bank,
      steps: [
        step({ kind: 'gd', questions: ['しぼうどうきを教えてください'] }),
        step({ kind: 'interview', round: 2, final: true, questions: ['志望動機は何ですか'] }),
      ],
      result: 'rejected',
      graduationYear: 2027,
    });
    const search = (query: string) => searchInterviewQuestions(parseInterviewQuestionFilters(new URLSearchParams(query)));
    // The same answers whichever look the probe chooses: the newest questions first, or the pair index.
    const through = (look: 'recent' | 'index', query: string) =>
      searchInterviewQuestions(parseInterviewQuestionFilters(new URLSearchParams(query)), { look });
    // Only these two companies' questions (the other tests' companies share the database).
    const texts = (result: Awaited<ReturnType<typeof search>>) =>
      result.hits
        .filter((hit) => hit.companyId === maker || hit.companyId === bank)
        .map((hit) => hit.question.map((part) => part.text).join(''));

    // 志望動機 names its kind: 志望した理由 and the kana しぼうどうき are found too.
    const motivation = await search(`q=${encodeURIComponent('志望動機')}`);
    expect(texts(motivation).sort()).toEqual(['しぼうどうきを教えてください', '弊社を志望した理由は？', '志望動機は何ですか'].sort());
    expect(motivation.hits.find((hit) => hit.companyId === maker)).toMatchObject({
      step: '一次面接',
      graduationYear: 2026,
      companyName: '質問検索メーカー株式会社',
    });

    expect(texts(await search(`q=${encodeURIComponent('志望動機')}&industry=${industryIdOf('銀行')}`)).sort()).toEqual(
      ['しぼうどうきを教えてください', '志望動機は何ですか'].sort(),
    );
    expect(texts(await search(`q=${encodeURIComponent('志望動機')}&step=final`))).toEqual(['志望動機は何ですか']);
    expect(texts(await search(`q=${encodeURIComponent('志望動機')}&year=2026`))).toEqual(['弊社を志望した理由は？']);
    for (const query of [`q=${encodeURIComponent('志望動機')}`, `q=${encodeURIComponent('志望動機')}&step=final`, 'q=PR']) {
      expect(texts(await through('recent', query)), query).toEqual(texts(await search(query)));
      expect(texts(await through('index', query)), query).toEqual(texts(await search(query)));
    }
    expect(texts(await search(`company=${maker}`)).sort()).toEqual(['弊社を志望した理由は？', '自己PRを1分でお願いします'].sort());
    // One character is too short to search; nonsense filters are no filters.
    expect((await search('q=志')).tooShort).toBe(true);
    expect(parseInterviewQuestionFilters(new URLSearchParams('step=nope&year=19&industry=-1&page=x'))).toMatchObject({
      step: null,
      graduationYear: null,
      industryId: null,
      page: 1,
    });
  });
});
