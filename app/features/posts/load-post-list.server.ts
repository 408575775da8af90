import { listFilterOptions } from '../companies/list-filter-options.server';
import { parsePostListQuery, type ListScope, type PostListQuery } from './list-filters';
import { listFacets, listPosts, type ListFacets, type PostListPage } from './list-posts.server';
import { parseQuestionQuery, QUESTION_QUERY_MIN } from './question-search';
import { searchEntrySheetQuestions, type QuestionSearchResult } from './search-entry-sheets.server';

export type PostListData = {
  query: PostListQuery;
  facets: ListFacets;
  industries: Array<{ id: number; name: string }>;
  /** The posts, when the list is not an ES question search. */
  list: PostListPage | null;
  /** The ES question search (a query, or a company's or an industry's questions by kind). */
  questions: QuestionSearchResult | null;
  /** Whether the page shows the questions that match a typed query, rather than the posts. */
  searching: boolean;
  /** Why a typed question was not searched (too short). */
  queryMessage: string | null;
};

/**
 * What a post list page shows for its URL: a company's list of one type or a cross-company list;
 * an entry sheet list with a question typed searches the questions instead.
 */
export async function loadPostList(options: { scope: ListScope; url: URL; companyId?: number }): Promise<PostListData> {
  const { scope, companyId } = options;
  const query = parsePostListQuery(options.url.searchParams, scope);
  const typed = query.q.trim();
  const search = typed ? parseQuestionQuery(typed) : null;
  const queryMessage = typed && !search ? `設問は${QUESTION_QUERY_MIN}文字以上で探してください。` : null;
  const isEntrySheets = scope.family === 'entry_sheet';
  // An ES list shows how its questions are asked: a company's always, across companies once an
  // industry is chosen or a question typed.
  const groupQuestions = isEntrySheets && (search !== null || companyId !== undefined || query.industryId !== null);
  const [facets, filterOptions, list, questions] = await Promise.all([
    listFacets({ scope, companyId }),
    scope.industry ? listFilterOptions() : Promise.resolve(null),
    search ? Promise.resolve(null) : listPosts({ scope, query, companyId }),
    groupQuestions ? searchEntrySheetQuestions({ scope, query, search, companyId, withHits: search !== null }) : Promise.resolve(null),
  ]);
  return { query, facets, industries: filterOptions?.industries ?? [], list, questions, searching: search !== null, queryMessage };
}
