// The optional details of selection steps in the demo data (issue 34): when each step took place,
// how many days its result took and how it came (メール, マイページ, 電話, or no contact at all), an
// internship's selection as steps, and a 就活速報's step and outcome. As students fill them in: often,
// not always, so that the 選考対策 page shows both figures and the minimum of three reports at work.
import type { ResultChannel, ScreeningStepKind, SelectionStepKey, StepOutcome } from '../../db/enums';
import type { SelectionStep } from '../../db/schema';
import { addDays, tokyoDate } from '../../lib/tokyo-time';
import type { Random } from './random';
import type { SelectionFlow } from './texts-intern';
import type { QuickPhase, QuickResult } from './texts-other';

type Step = SelectionStep;

/** Days until a result, by the kind of step: an ES takes longest, a final interview least. */
const RESULT_DAYS: Record<ScreeningStepKind, readonly number[]> = {
  es: [5, 7, 7, 10, 14],
  web_test: [3, 5, 7, 7],
  gd: [2, 3, 3, 5],
  interview: [1, 2, 3, 3, 5, 7],
};

const INTERN_FLOW_STEPS: Record<SelectionFlow, Step[]> = {
  es: [{ kind: 'es' }],
  es_video: [{ kind: 'es' }],
  es_test: [{ kind: 'es' }, { kind: 'web_test' }],
  es_interview: [{ kind: 'es' }, { kind: 'interview', round: 1 }],
  es_test_interview: [{ kind: 'es' }, { kind: 'web_test' }, { kind: 'interview', round: 1 }],
  es_gd_interview: [{ kind: 'es' }, { kind: 'gd' }, { kind: 'interview', round: 1 }],
};

const QUICK_STEP: Record<QuickPhase, SelectionStepKey> = {
  ES: 'es',
  Webテスト: 'web_test',
  GD: 'gd',
  一次面接: 'interview_1',
  二次面接: 'interview_2',
  最終面接: 'final',
};

const QUICK_OUTCOME: Record<QuickResult, StepOutcome> = { 通過: 'passed', 内定: 'passed', 不通過: 'failed', 結果待ち: 'waiting' };

export function selectionDetails(rng: Random) {
  /**
   * How a result came: as the step's text says when it names a channel, else by what is usual for
   * the kind of step; no contact (サイレント) only for a rejection whose text names no contact.
   */
  function channel(kind: ScreeningStepKind, rejected: boolean, text = ''): ResultChannel {
    if (text.includes('電話')) return 'phone';
    if (text.includes('マイページ')) return 'mypage';
    if (text.includes('メール')) return 'email';
    if (rejected && !text.includes('連絡') && rng.chance(0.3)) return 'silent';
    return rng.weighted<ResultChannel>([
      ['email', 5],
      ['mypage', kind === 'es' || kind === 'web_test' ? 4 : 2],
      ['phone', kind === 'interview' ? 3 : 0.3],
    ]);
  }

  /** 結果連絡 of a step whose result came (or never came), given by about seven students in ten. */
  function contact(step: Step & { body?: string }, rejected: boolean): Pick<Step, 'resultDays' | 'resultVia'> {
    if (!rng.chance(0.7)) return {};
    const via = channel(step.kind, rejected, step.body);
    if (via === 'silent') return { resultVia: via };
    const days = rng.pick(RESULT_DAYS[step.kind]) + (step.final ? -1 : 0);
    return { resultDays: Math.max(0, days), resultVia: via };
  }

  return {
    /** A 本選考体験記's steps with 結果連絡: none for a step still waiting for its result. */
    screeningSteps<S extends Step & { body: string }>(steps: S[], result: 'offer' | 'rejected' | 'declined' | 'in_progress'): S[] {
      return steps.map((step, index) => {
        const last = index === steps.length - 1;
        if (last && result === 'in_progress') return step;
        return { ...step, ...contact(step, last && result === 'rejected') };
      });
    },

    /** The steps' dates, a week or two apart, the last one a few days before the selection ended. */
    dated<S extends Step>(steps: S[], ended: Date): S[] {
      if (!rng.chance(0.6)) return steps;
      let date = addDays(tokyoDate(ended), -rng.int(1, 5));
      const dates: string[] = [];
      for (let index = steps.length - 1; index >= 0; index--) {
        dates.unshift(date);
        date = addDays(date, -rng.int(6, 16));
      }
      return steps.map((step, index) => ({ ...step, date: dates[index] }));
    },

    /** An internship's selection as steps, given by about six students in ten. */
    internSteps(flow: SelectionFlow, questions: readonly string[]): Array<Step & { final: boolean }> | undefined {
      if (!rng.chance(0.6)) return undefined;
      return INTERN_FLOW_STEPS[flow].map((step) => ({
        ...step,
        final: false,
        ...(step.kind === 'interview' && rng.chance(0.7) ? { questions: rng.sample(questions, 2) } : {}),
        ...contact(step, false),
      }));
    },

    /** A 就活速報's step, outcome and 結果連絡, from what the report says. */
    quickStep(
      phase: QuickPhase,
      result: QuickResult,
      days: number,
    ): { step: SelectionStepKey; outcome: StepOutcome; resultDays?: number; resultVia?: ResultChannel } {
      const outcome = QUICK_OUTCOME[result];
      const step = QUICK_STEP[phase];
      if (outcome === 'waiting') return { step, outcome };
      const kind: ScreeningStepKind = phase === 'ES' ? 'es' : phase === 'Webテスト' ? 'web_test' : phase === 'GD' ? 'gd' : 'interview';
      // An offer comes by phone, as the report says; the report of a rejection says a notice came.
      const via = result === '内定' ? 'phone' : channel(kind, false);
      return { step, outcome, resultDays: days, resultVia: via };
    },
  };
}
