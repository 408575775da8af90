// A company's 選考対策 page (issue 34): its figures from the rows publication keeps
// (migration 0030), four index range scans on the company, never the posts themselves.
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { RESULT_CHANNELS, STEP_OUTCOMES, type PostTypeKey, type ResultChannel, type StepOutcome } from '../../db/enums';
import { DAY_MS, daysBetween, tokyoDate } from '../../lib/tokyo-time';
import {
  daysAgoText,
  groupAskedQuestions,
  quickReportText,
  summarizeFlows,
  summarizeSteps,
  type AskedQuestions,
  type Flows,
  type QuickLine,
  type StepSummary,
  MIN_REPORTS,
  flowText,
} from './insight';
import { isStepKey } from '../posts/selection-steps';

/** The questions a page groups: the newest of the company's (a company with more is rare). */
const QUESTIONS_READ = 600;
/** The 就活速報 of the current season: the last year, a selection season from the summer to the spring. */
const SEASON_DAYS = 365;
const QUICK_SHOWN = 5;
/**
 * The reports whose flow is the company's whole selection: an internship's (its author took part),
 * and a 本選考体験記 that ended in 内定 or 辞退. One that ended in a rejection or is still running
 * stopped part way: 「ES」 alone is where three students stopped, not the company's flow. Their
 * steps still count for passes, 結果連絡 and questions.
 */
const SEEN_TO_THE_END = sql`(result IS NULL OR result IN ('offer', 'declined'))`;

export type SelectionInsight = {
  /** The flows of 本選考 and of internships, apart: they are different selections. */
  flows: { screening: Flows; intern: Flows };
  steps: StepSummary[];
  /** Every step report (体験記 steps and 就活速報): the base of the 結果連絡 section. */
  stepReportCount: number;
  questions: AskedQuestions;
  quick: QuickLine[];
};

type QuickRow = { id: number; title: string; attributes: Record<string, unknown>; published_at: string | Date };

function oneOf<T extends string>(values: readonly T[], value: unknown): T | null {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export async function getSelectionInsight(companyId: number, now = new Date()): Promise<SelectionInsight> {
  const [flowRows, stepRows, questionRows, quickRows] = await Promise.all([
    // Grouped in the database: what reaches the server is bounded by the kinds of answer, not by
    // how many students reported on the company.
    selectRows<{ flow: string; graduation_year: number | null; type: PostTypeKey; n: number }>(
      sql`SELECT flow, graduation_year, type, count(*)::int AS n FROM selection_reports
          WHERE company_id = ${companyId} AND ${SEEN_TO_THE_END} GROUP BY flow, graduation_year, type`,
    ),
    selectRows<{ step: string; passed: boolean | null; result_days: number | null; result_via: string | null; n: number }>(
      sql`SELECT step, passed, result_days, result_via, count(*)::int AS n FROM selection_step_reports
          WHERE company_id = ${companyId} GROUP BY step, passed, result_days, result_via`,
    ),
    selectRows<{ post_id: number; type: PostTypeKey; step: string; question: string }>(
      sql`SELECT post_id, type, step, question FROM selection_questions WHERE company_id = ${companyId}
          ORDER BY published_at DESC, post_id DESC, position, ord LIMIT ${QUESTIONS_READ}`,
    ),
    selectRows<QuickRow>(
      sql`SELECT id, title, attributes, published_at FROM posts
          WHERE company_id = ${companyId} AND type = 'jobhunt_prompt_report' AND status = 'published'
            AND published_at > ${new Date(now.getTime() - SEASON_DAYS * DAY_MS)}
          ORDER BY published_at DESC, id DESC LIMIT ${QUICK_SHOWN}`,
    ),
  ]);
  const today = tokyoDate(now);
  const flows = flowRows.map((row) => ({
    flow: row.flow,
    graduationYear: row.graduation_year === null ? null : Number(row.graduation_year),
    type: row.type,
    count: Number(row.n),
  }));
  const quick: QuickLine[] = quickRows.map((row) => {
    const eventDate = typeof row.attributes.eventDate === 'string' ? row.attributes.eventDate : tokyoDate(new Date(row.published_at));
    return {
      postId: Number(row.id),
      type: 'jobhunt_prompt_report',
      date: eventDate,
      when: daysAgoText(daysBetween(eventDate, today)),
      text: quickReportText({
        title: row.title,
        step: isStepKey(row.attributes.step) ? row.attributes.step : null,
        outcome: oneOf<StepOutcome>(STEP_OUTCOMES, row.attributes.outcome),
        resultVia: oneOf<ResultChannel>(RESULT_CHANNELS, row.attributes.resultVia),
      }),
    };
  });
  return {
    flows: {
      screening: summarizeFlows(flows.filter((row) => row.type === 'screening_experience')),
      intern: summarizeFlows(flows.filter((row) => row.type === 'intern_experience')),
    },
    steps: summarizeSteps(
      stepRows.map((row) => ({
        step: row.step,
        passed: row.passed,
        resultDays: row.result_days === null ? null : Number(row.result_days),
        resultVia: row.result_via,
        count: Number(row.n),
      })),
    ),
    stepReportCount: stepRows.reduce((sum, row) => sum + Number(row.n), 0),
    questions: groupAskedQuestions(
      questionRows.map((row) => ({ postId: Number(row.post_id), type: row.type, step: row.step, question: row.question })),
    ),
    quick,
  };
}

/**
 * The company page's one line: the most reported 本選考 flow (an internship's when no 本選考 flow has
 * enough reports), when at least MIN_REPORTS reported it.
 */
export async function getCommonFlow(
  companyId: number,
): Promise<{ text: string; count: number; reportCount: number; intern: boolean } | null> {
  const [row] = await selectRows<{ flow: string; type: PostTypeKey; n: number; total: number }>(sql`
    SELECT flow, type, n, total FROM (
      SELECT flow, type, count(*)::int AS n, (sum(count(*)) OVER (PARTITION BY type))::int AS total
      FROM selection_reports WHERE company_id = ${companyId} AND ${SEEN_TO_THE_END} GROUP BY flow, type
    ) AS f
    WHERE n >= ${MIN_REPORTS}
    ORDER BY type = 'screening_experience' DESC, n DESC, length(flow) LIMIT 1`);
  if (!row) return null;
  const steps = row.flow.split(',');
  if (!steps.every(isStepKey)) return null;
  return { text: flowText(steps), count: Number(row.n), reportCount: Number(row.total), intern: row.type === 'intern_experience' };
}

/** The company a 選考対策 page is about: its name, and whether its corporation was closed (noindex). */
export async function getInsightCompany(companyId: number): Promise<{ id: number; name: string; closed: boolean } | null> {
  const [row] = await selectRows<{ id: number; name: string; closed: boolean }>(
    sql`SELECT id, name, closed_at IS NOT NULL AS closed FROM companies WHERE id = ${companyId}`,
  );
  return row ? { id: Number(row.id), name: row.name, closed: row.closed === true } : null;
}
