// Post lists and ES question searches, kept a few seconds per list and query and forgotten at
// once, in every process, when published content changes (docs/decisions/073-post-lists-kept.md).
import { changeMark, freshMark, onDatabaseChange } from '../../db/changes.server';
import { ByteLru } from '../../lib/byte-lru';
import { forMs, registerCache } from '../../lib/caches.server';
import { listFilterOptions } from '../companies/list-filter-options.server';
import { parsePostListQuery, type ListScope, type PostListQuery } from './list-filters';
import { countedOf, listFacets, listPosts, type ListFacets, type PostListPage } from './list-posts.server';
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

const TTL_MS = 10_000;
const MAX_BYTES = 8 * 1024 * 1024;
const MAX_COUNT_BYTES = 512 * 1024;

type Kept = { data: PostListData; until: number };
const kept = new ByteLru<string, Kept>(MAX_BYTES);
/**
 * How many posts each list holds, by list, company and filters: every page and order of a list
 * shares its count, so paging through one reads only its pages (decision 073's addendum).
 */
const counts = new ByteLru<string, { counted: number; until: number }>(MAX_COUNT_BYTES);
/** Reads under way, shared by the requests for the same list that arrive meanwhile. */
const reading = new Map<string, { contentEpoch: number; data: Promise<PostListData> }>();
/** Counts the changes of published content heard (and every restart of listening). */
let contentEpoch = 0;

registerCache({
  name: 'post lists',
  holds:
    "what a post list or an ES question search shows (posts, facets, questions), by list, company and the URL's parsed query; and each list's count, by its filters",
  feeds: 'the cross-company post lists, the ES search by question and the company post lists (loadPostList)',
  lifetime: `${forMs(TTL_MS)}; nothing is kept or served while this process may miss a change`,
  invalidatedBy:
    "a post published, unpublished, deleted or edited while published, a company renamed or moved (migration 0025: 'c:' on personal_changes), heard by every process; every successful write of this process (server/page-cache-writes.ts)",
  bound: `${MAX_BYTES / 1024 / 1024} MB (the lists' JSON size) and ${MAX_COUNT_BYTES / 1024} KB of counts, the least recently used go first`,
  size: () => kept.size + counts.size,
  clear: () => forgetPostLists(),
});

/** Forgets every list kept (published content changed, or may have). */
export function forgetPostLists(): void {
  contentEpoch += 1;
  kept.clear();
  counts.clear();
  reading.clear();
}

onDatabaseChange((payload) => {
  if (payload === null || payload === 'c:') forgetPostLists();
});

/**
 * What a post list page shows for its URL: a company's list of one type or a cross-company list;
 * an entry sheet list with a question typed searches the questions instead. Kept a few seconds
 * while this process hears every change of published content: an unpublished post leaves every
 * list the moment its change is heard.
 */
export async function loadPostList(options: { scope: ListScope; url: URL; companyId?: number }): Promise<PostListData> {
  const { scope, companyId } = options;
  const query = parsePostListQuery(options.url.searchParams, scope);
  // The parsed query, not the URL: parameters no list reads (a tracking tag) share the entry.
  const key = `${scope.family} ${scope.type ?? ''} ${companyId ?? ''} ${JSON.stringify(query)}`;
  // A publication committed before this request is heard first.
  const live = (await freshMark()) !== null;
  const now = Date.now();
  const hit = live ? kept.get(key) : undefined;
  if (hit && hit.until > now) return hit.data;
  const started = contentEpoch;
  const pending = reading.get(key);
  if (live && pending?.contentEpoch === started) return pending.data;
  // The list's count, shared by its pages and orders (the page, sort and question do not change it).
  const countKey = `${scope.family} ${scope.type ?? ''} ${companyId ?? ''} ${JSON.stringify({ ...query, page: 0, sort: '', q: '' })}`;
  const cached = live ? counts.get(countKey) : undefined;
  const count = cached && cached.until > now ? cached : undefined;
  const data = readPostList(scope, query, companyId, count?.counted);
  if (!live) return data;
  reading.set(key, { contentEpoch: started, data });
  try {
    const read = await data;
    // Kept only if no change was heard while it was read, and this process still hears them.
    if (contentEpoch === started && changeMark() !== null) {
      // A page is kept no longer than the count it shows: nothing it shows is older than TTL_MS.
      const until = read.list && count ? count.until : now + TTL_MS;
      kept.set(key, { data: read, until }, JSON.stringify(read).length + key.length);
      // The key's characters at two bytes each, and the entry around them.
      if (read.list && !count) counts.set(countKey, { counted: countedOf(read.list), until: now + TTL_MS }, countKey.length * 2 + 64);
    }
    return read;
  } finally {
    if (reading.get(key)?.data === data) reading.delete(key);
  }
}

async function readPostList(
  scope: ListScope,
  query: PostListQuery,
  companyId: number | undefined,
  counted: number | undefined,
): Promise<PostListData> {
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
    search ? Promise.resolve(null) : listPosts({ scope, query, companyId, counted }),
    groupQuestions ? searchEntrySheetQuestions({ scope, query, search, companyId, withHits: search !== null }) : Promise.resolve(null),
  ]);
  return { query, facets, industries: filterOptions?.industries ?? [], list, questions, searching: search !== null, queryMessage };
}
