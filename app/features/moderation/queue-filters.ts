// The filters a moderator works with in the queue (審査待ち): the content type, the company and
// the page. They travel from the queue to a review and back (docs/decisions/046), so every link
// of the admin pages is built from the known filters only: a `decided` confirmation or any other
// parameter never rides along into the next link.
import { POST_TYPE_KEYS, type PostTypeKey } from '../../db/enums';
import { parseId } from '../../lib/http';

export type QueueFilters = { type: PostTypeKey | null; companyId: number | null; page: number };

/** The filters of a queue or review URL; anything unknown or malformed is no filter. */
export function readQueueFilters(params: URLSearchParams): QueueFilters {
  const type = POST_TYPE_KEYS.find((key) => key === params.get('type')) ?? null;
  return { type, companyId: parseId(params.get('company_id')), page: parseId(params.get('page')) ?? 1 };
}

/**
 * The query string of the filters (with its `?`, or '' for none), changed by `change`; `decided`
 * names the post a decision was just made on, for the queue's confirmation.
 */
export function queueSearch(filters: QueueFilters, change: Partial<QueueFilters> & { decided?: number } = {}): '' | `?${string}` {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  if (next.type) params.set('type', next.type);
  if (next.companyId) params.set('company_id', String(next.companyId));
  if (next.page > 1) params.set('page', String(next.page));
  if (change.decided) params.set('decided', String(change.decided));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** True when the queue is narrowed to a type or a company. */
export function isFiltered(filters: QueueFilters): boolean {
  return filters.type !== null || filters.companyId !== null;
}
