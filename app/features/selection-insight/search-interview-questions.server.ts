// /interview_questions (issue 34): the questions students were asked in every company's selection,
// searched with the ES search's normalisation and synonyms (docs/decisions/033-entry-sheet-search.md),
// filtered by industry, step and graduation year, newest first, each with its company and post.
import { sql, type SQL } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { PostTypeKey } from '../../db/enums';
import { pageOf } from '../../lib/pagination';
import {
  highlightQuestion,
  parseQuestionQuery,
  QUESTION_MATCH_CAP,
  type Highlighted,
  type QuestionQuery,
  withTheirPosts,
} from '../posts/question-search';
import { termsCondition } from '../posts/search-entry-sheets.server';
import { isStepKey, stepKeyLabel } from '../posts/selection-steps';
import type { InterviewQuestionFilters } from './interview-question-filters';

export const QUESTIONS_PER_PAGE = 20;
/** How many of the newest (filtered) questions the first look reads, as in the ES search. */
const RECENT_WINDOW = 20_000;
const NEWEST_FIRST = sql`q.published_at DESC NULLS LAST, q.post_id DESC NULLS LAST, q.position, q.ord`;

export type InterviewQuestionHit = {
  postId: number;
  type: PostTypeKey;
  question: Highlighted;
  step: string;
  graduationYear: number | null;
  title: string;
  companyId: number;
  companyName: string;
  publishedAt: string;
};

export type InterviewQuestionResult = {
  /** Whether a query was given but too short to search (one character). */
  tooShort: boolean;
  total: number;
  /** More than QUESTION_MATCH_CAP matched: the newest are shown. */
  more: boolean;
  page: number;
  pageCount: number;
  hits: InterviewQuestionHit[];
  /** The company the search is limited to, when it is. */
  companyName: string | null;
};

function filterConditions(filters: InterviewQuestionFilters): SQL {
  const parts: SQL[] = [];
  if (filters.companyId !== null) parts.push(sql`q.company_id = ${filters.companyId}`);
  if (filters.industryId !== null) parts.push(sql`q.industry_id = ${filters.industryId}`);
  if (filters.step) parts.push(sql`q.step = ${filters.step}`);
  if (filters.graduationYear !== null) parts.push(sql`q.graduation_year = ${filters.graduationYear}`);
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

type MatchRow = { post_id: number; position: number; ord: number; question: string; step: string; graduation_year: number | null };

/** How many of the newest (filtered) questions the probe checks against the query's terms. */
const SAMPLE = 2_000;

/** Which look finds a query's newest matches: chosen by the probe, or forced (tests). */
export type QuestionLook = 'recent' | 'index';

/** The look for a query: the index unless the newest SAMPLE questions promise a full page from the window. */
async function probe(filters: SQL, search: QuestionQuery): Promise<QuestionLook> {
  const [row] = await selectRows<{ sampled: number; matched: number }>(sql`
    SELECT count(*)::int AS sampled, (count(*) FILTER (WHERE ${termsCondition(search, false)}))::int AS matched FROM (
      SELECT q.search_key FROM selection_questions q WHERE ${filters} ORDER BY ${NEWEST_FIRST} LIMIT ${SAMPLE}
    ) AS q`);
  // Fewer questions than the sample: the sample was all of them, and the index reads as few.
  if (Number(row?.sampled ?? 0) < SAMPLE) return 'index';
  return (Number(row?.matched ?? 0) * RECENT_WINDOW) / SAMPLE < QUESTION_MATCH_CAP + 1 ? 'index' : 'recent';
}

/**
 * The newest matching questions, up to QUESTION_MATCH_CAP + 1, through one of the ES search's two
 * looks (decision 033), chosen by a probe (decision 084). The probe checks the newest SAMPLE
 * questions against the terms, about 2 ms. A query that would not fill a page of matches from the
 * newest RECENT_WINDOW at the rate the sample shows is rare enough to read every match through the
 * character-pair index and sort them; any other checks the newest questions until it has enough.
 * A rare query no longer checks all the newest 20,000 against each phrasing of its kind (20–25 ms
 * at 750,000 questions), and a common one no longer builds the pair index's bitmap of all its
 * matches (a count of up to 2,000 through it gave the search a p95 of 284 ms at a million posts).
 */
async function newestMatches(filters: SQL, search: QuestionQuery | null, look?: QuestionLook): Promise<MatchRow[]> {
  const wanted = QUESTION_MATCH_CAP + 1;
  const columns = sql`q.post_id, q.position, q.ord, q.question, q.step, q.graduation_year`;
  if (!search) {
    return selectRows<MatchRow>(
      sql`SELECT ${columns} FROM selection_questions q WHERE ${filters} ORDER BY ${NEWEST_FIRST} LIMIT ${wanted}`,
    );
  }
  const throughIndex = () =>
    selectRows<MatchRow>(sql`
      SELECT ${columns} FROM selection_questions q
      WHERE ${termsCondition(search, true)} AND ${filters}
      ORDER BY ${NEWEST_FIRST} LIMIT ${wanted}`);
  if ((look ?? (await probe(filters, search))) === 'index') return throughIndex();
  const recent = await selectRows<MatchRow>(sql`
    SELECT ${columns} FROM (
      SELECT q.post_id, q.position, q.ord, q.published_at FROM (
        SELECT q.post_id, q.position, q.ord, q.published_at, q.search_key FROM selection_questions q
        WHERE ${filters} ORDER BY ${NEWEST_FIRST} LIMIT ${RECENT_WINDOW}
      ) AS q
      WHERE ${termsCondition(search, false)}
      ORDER BY ${NEWEST_FIRST} LIMIT ${wanted}
    ) AS m
    JOIN selection_questions q ON q.post_id = m.post_id AND q.position = m.position AND q.ord = m.ord
    ORDER BY ${NEWEST_FIRST}`);
  return recent.length === wanted ? recent : throughIndex();
}

type DetailRow = { id: number; type: PostTypeKey; title: string; published_at: string | Date; company_id: number; company_name: string };

/** `look` is for tests: it takes every query through one look, whatever the probe would choose. */
export async function searchInterviewQuestions(
  filters: InterviewQuestionFilters,
  options: { look?: QuestionLook } = {},
): Promise<InterviewQuestionResult> {
  const search = filters.q.trim() ? parseQuestionQuery(filters.q) : null;
  const tooShort = filters.q.trim() !== '' && search === null;
  const [matches, company] = await Promise.all([
    tooShort ? Promise.resolve([]) : newestMatches(filterConditions(filters), search, options.look),
    filters.companyId === null
      ? Promise.resolve([])
      : selectRows<{ name: string }>(sql`SELECT name FROM companies WHERE id = ${filters.companyId}`),
  ]);
  const more = matches.length > QUESTION_MATCH_CAP;
  const found = matches.slice(0, QUESTION_MATCH_CAP);
  const { page, pageCount, offset } = pageOf({ total: found.length, page: filters.page, perPage: QUESTIONS_PER_PAGE });
  const rows = found.slice(offset, offset + QUESTIONS_PER_PAGE);
  const postIds = [...new Set(rows.map((row) => Number(row.post_id)))];
  const details =
    postIds.length === 0
      ? []
      : await selectRows<DetailRow>(sql`
          SELECT p.id, p.type, p.title, p.published_at, p.company_id, c.name AS company_name
          FROM posts p JOIN companies c ON c.id = p.company_id
          WHERE p.status = 'published' AND p.id = ANY(${sql.param(postIds)}::int[])`);
  const byId = new Map(details.map((row) => [Number(row.id), row]));
  const terms = search?.terms ?? [];
  const hits = withTheirPosts(
    rows,
    byId,
    (row, post): InterviewQuestionHit => ({
      postId: Number(post.id),
      type: post.type,
      question: highlightQuestion(row.question, terms),
      step: isStepKey(row.step) ? stepKeyLabel(row.step) : '',
      graduationYear: row.graduation_year === null ? null : Number(row.graduation_year),
      title: post.title,
      companyId: Number(post.company_id),
      companyName: post.company_name,
      publishedAt: new Date(post.published_at).toISOString(),
    }),
  );
  return { tooShort, total: found.length, more, page, pageCount, hits, companyName: company[0]?.name ?? null };
}
