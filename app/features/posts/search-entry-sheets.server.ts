import { sql, type SQL } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { PostSection } from '../../db/schema';
import type { PostTypeKey } from '../../db/enums';
import { excerpt } from '../../lib/format';
import { pageOf } from '../../lib/pagination';
import type { ListScope, PostListQuery } from './list-filters';
import { POSTS_PER_PAGE } from './list-posts.server';
import {
  classifyQuestion,
  highlightQuestion,
  OTHER_KIND,
  QUESTION_MATCH_CAP,
  questionBigrams,
  saysItsLimit,
  withoutWrittenLimit,
  type Highlighted,
  type QuestionQuery,
  withTheirPosts,
} from './question-search';

export type QuestionHit = {
  postId: number;
  type: PostTypeKey;
  position: number;
  question: Highlighted;
  charLimit: number | null;
  /** The question says its limit itself: not repeated beside it. */
  limitWritten: boolean;
  answerExcerpt: string;
  title: string;
  usefulCount: number;
  companyId: number;
  companyName: string;
  publishedAt: string;
};

export type QuestionGroup = {
  key: string;
  label: string;
  count: number;
  /** The most common phrasings, as written the last time, with how many questions use them. */
  phrasings: Array<{ text: string; count: number }>;
  /** The character limit set most often, and the range of the limits set (null when none were). */
  typicalLimit: number | null;
  limitRange: [number, number] | null;
};

export type QuestionSearchResult = {
  /** Matching questions found, up to QUESTION_MATCH_CAP; `more` says the cap was reached. */
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
  hits: QuestionHit[];
  groups: QuestionGroup[];
};

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * One term as an index lookup and its check: the question's character pairs contain the term's
 * (GIN on entry_sheet_questions.bigrams), then LIKE on the key. The pairs are written into the
 * statement as numbers (made here, never from input) so that the planner sees how rare they are.
 */
function termCondition(term: string, withPairs: boolean): SQL {
  const pairs = questionBigrams(term);
  const contains = withPairs && pairs.length > 0 ? sql`q.bigrams @> ${sql.raw(`'{${pairs.join(',')}}'::integer[]`)} AND ` : sql``;
  return sql`(${contains}q.search_key LIKE ${likePattern(term)} ESCAPE '\\')`;
}

/** Any of the query's terms: through the character-pair index, or as a plain check of each row (of any table aliased q with search_key and bigrams). */
export function termsCondition(search: QuestionQuery, withPairs: boolean): SQL {
  return sql`(${sql.join(
    search.terms.map((term) => termCondition(term, withPairs)),
    sql` OR `,
  )})`;
}

/** The filters of the list (company, type, industry, year, result, season, job type). */
function filterConditions(scope: ListScope, query: PostListQuery, companyId: number | null): SQL {
  const parts: SQL[] = [];
  if (companyId !== null) parts.push(sql`q.company_id = ${companyId}`);
  if (scope.type) parts.push(sql`q.type = ${scope.type}`);
  if (query.selection) parts.push(sql`q.type = ${query.selection === 'intern' ? 'intern_entry_sheet' : 'screening_entry_sheet'}`);
  if (query.industryId !== null) parts.push(sql`q.industry_id = ${query.industryId}`);
  if (query.year !== null) parts.push(sql`q.year = ${query.year}`);
  if (query.result) parts.push(sql`q.result = ${query.result}`);
  // Recorded on the post only: asked of its list row.
  if (query.season || query.jobType) {
    const listed: SQL[] = [];
    if (query.season) listed.push(sql`l.season = ${query.season}`);
    if (query.jobType) listed.push(sql`l.job_type = ${query.jobType}`);
    parts.push(sql`EXISTS (SELECT 1 FROM post_listings l WHERE l.post_id = q.post_id AND ${sql.join(listed, sql` AND `)})`);
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/**
 * How many of the newest questions (of the filtered set) the first look reads. A query matched by
 * more than 1 in 66 questions finds its newest 300 there, and stops as soon as it has them.
 */
const RECENT_WINDOW = 20_000;

const NEWEST_FIRST = sql`q.published_at DESC NULLS LAST, q.post_id DESC NULLS LAST, q.position`;

/**
 * The newest matching questions, up to QUESTION_MATCH_CAP + 1, in two looks
 * (docs/decisions/033-entry-sheet-search.md). The planner cannot tell how common a query is from
 * its character pairs (they are not independent: ガク and クチ come together), and for a common one
 * it would read every match through the pair index and sort them, 100–700 ms at a million
 * questions. So: first the newest RECENT_WINDOW questions, newest first, each checked, stopping at
 * enough matches; a rarer query then goes through the pair index, where its matches are few.
 */
async function newestMatches(filters: SQL, search: QuestionQuery | null): Promise<MatchRow[]> {
  const wanted = QUESTION_MATCH_CAP + 1;
  if (!search) {
    return selectRows<MatchRow>(sql`
      SELECT q.post_id, q.position, q.question, q.char_limit FROM entry_sheet_questions q
      WHERE ${filters} ORDER BY ${NEWEST_FIRST} LIMIT ${wanted}`);
  }
  // Only the index's columns inside (an index-only scan); the ≤ 301 matches fetch their text after.
  const recent = await selectRows<MatchRow>(sql`
    SELECT t.post_id, t.position, t.question, t.char_limit FROM (
      SELECT q.post_id, q.position, q.published_at FROM (
        SELECT q.post_id, q.position, q.published_at, q.search_key FROM entry_sheet_questions q
        WHERE ${filters} ORDER BY ${NEWEST_FIRST} LIMIT ${RECENT_WINDOW}
      ) AS q
      WHERE ${termsCondition(search, false)}
      ORDER BY ${NEWEST_FIRST} LIMIT ${wanted}
    ) AS q
    JOIN entry_sheet_questions t ON t.post_id = q.post_id AND t.position = q.position
    ORDER BY ${NEWEST_FIRST}`);
  if (recent.length === wanted) return recent;
  return selectRows<MatchRow>(sql`
    SELECT q.post_id, q.position, q.question, q.char_limit FROM entry_sheet_questions q
    WHERE ${termsCondition(search, true)} AND ${filters}
    ORDER BY ${NEWEST_FIRST} LIMIT ${wanted}`);
}

type MatchRow = { post_id: number; position: number; question: string; char_limit: number | null };
type DetailRow = {
  post_id: number;
  type: PostTypeKey;
  title: string;
  sections: PostSection[];
  useful_count: number;
  published_at: Date | string;
  company_id: number;
  company_name: string;
};

/** Groups the matched questions by kind, the largest first, その他 last. */
export function groupQuestions(questions: Array<{ question: string; charLimit: number | null }>): QuestionGroup[] {
  type Acc = { key: string; label: string; count: number; phrasings: Map<string, { text: string; count: number }>; limits: number[] };
  const groups = new Map<string, Acc>();
  for (const item of questions) {
    const kind = classifyQuestion(item.question) ?? OTHER_KIND;
    const group: Acc = groups.get(kind.key) ?? { key: kind.key, label: kind.label, count: 0, phrasings: new Map(), limits: [] };
    groups.set(kind.key, group);
    group.count++;
    // One phrasing whatever its width, spacing or the limit written into it; shown as last written.
    const text = withoutWrittenLimit(item.question);
    const phrasingKey = text.normalize('NFKC').replace(/\s+/g, '');
    const phrasing = group.phrasings.get(phrasingKey);
    if (phrasing) phrasing.count++;
    else group.phrasings.set(phrasingKey, { text, count: 1 });
    if (item.charLimit) group.limits.push(item.charLimit);
  }
  return [...groups.values()]
    .map((group) => {
      const byCount = new Map<number, number>();
      for (const limit of group.limits) byCount.set(limit, (byCount.get(limit) ?? 0) + 1);
      const typical = [...byCount.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
      return {
        key: group.key,
        label: group.label,
        count: group.count,
        phrasings: [...group.phrasings.values()].sort((a, b) => b.count - a.count).slice(0, 3),
        typicalLimit: typical,
        limitRange: group.limits.length > 0 ? ([Math.min(...group.limits), Math.max(...group.limits)] as [number, number]) : null,
      };
    })
    .sort((a, b) => (a.key === OTHER_KIND.key ? 1 : 0) - (b.key === OTHER_KIND.key ? 1 : 0) || b.count - a.count);
}

/**
 * Entry sheet questions that match the query (all of a company's or an industry's when there is
 * no query), newest first: one page of them with their ES, and all of them grouped by kind.
 */
export async function searchEntrySheetQuestions(options: {
  scope: ListScope;
  query: PostListQuery;
  search: QuestionQuery | null;
  companyId?: number;
  /** False: the groups only (the list beside them shows posts), without reading the page's ES. */
  withHits?: boolean;
}): Promise<QuestionSearchResult> {
  const filters = filterConditions(options.scope, options.query, options.companyId ?? null);
  const matches = await newestMatches(filters, options.search);
  const more = matches.length > QUESTION_MATCH_CAP;
  const found = matches.slice(0, QUESTION_MATCH_CAP);
  const { page, pageCount, offset } = pageOf({ total: found.length, page: options.query.page, perPage: POSTS_PER_PAGE });
  const pageRows = options.withHits === false ? [] : found.slice(offset, offset + POSTS_PER_PAGE);
  const postIds = [...new Set(pageRows.map((row) => Number(row.post_id)))];
  const details =
    postIds.length === 0
      ? []
      : await selectRows<DetailRow>(sql`
          SELECT p.id AS post_id, p.type, p.title, p.sections, p.useful_count, p.published_at, p.company_id, c.name AS company_name
          FROM posts p JOIN companies c ON c.id = p.company_id
          WHERE p.status = 'published' AND p.id IN (${sql.join(
            postIds.map((id) => sql`${id}`),
            sql`, `,
          )})`);
  const byId = new Map(details.map((row) => [Number(row.post_id), row]));
  const terms = options.search?.terms ?? [];
  const hits = withTheirPosts(
    pageRows,
    byId,
    (row, post): QuestionHit => ({
      postId: Number(row.post_id),
      type: post.type,
      position: Number(row.position),
      question: highlightQuestion(row.question, terms),
      charLimit: row.char_limit === null ? null : Number(row.char_limit),
      limitWritten: saysItsLimit(row.question),
      answerExcerpt: excerpt(post.sections[Number(row.position) - 1]?.body ?? '', 80),
      title: post.title,
      usefulCount: Number(post.useful_count),
      companyId: Number(post.company_id),
      companyName: post.company_name,
      publishedAt: new Date(post.published_at).toISOString(),
    }),
  );
  return {
    total: found.length,
    more,
    page,
    pageCount,
    hits,
    groups: groupQuestions(
      found.map((row) => ({ question: row.question, charLimit: row.char_limit === null ? null : Number(row.char_limit) })),
    ),
  };
}
