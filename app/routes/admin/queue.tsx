import { requireModerator } from '../../features/accounts/session-request.server';
import { DecisionConfirmationNotice } from '../../features/moderation/components/decision-confirmation';
import { QueueCompanyFilter } from '../../features/moderation/components/queue-company-filter';
import { getDecisionConfirmation } from '../../features/moderation/decision-confirmation.server';
import { isFiltered, queueSearch, readQueueFilters, type QueueFilters } from '../../features/moderation/queue-filters';
import { listReviewQueue, listWaitingCompanies, QUEUE_PAGE_SIZE, type QueueItem } from '../../features/moderation/review-queue.server';
import { POST_TYPES } from '../../features/posts/post-types';
import { WRITABLE_TYPES } from '../../features/posts/posting-routes';
import { formatDateTime } from '../../lib/format-date-time';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { Link, type SitePath } from '../../ui/link';
import { KeepWords } from '../../ui/keep-words';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/queue';
import styles from './moderation.module.css';

// /admin: the moderation queue (審査待ち), oldest first, filterable by content type and company.
// After a decision it confirms what was done and offers the next post (docs/decisions/046).

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '審査待ちの投稿', '審査待ちの投稿の一覧です。');
}

/** The one-tap company filters shown beside the company box. */
const WAITING_COMPANIES_SHOWN = 6;

export async function loader({ request }: Route.LoaderArgs) {
  const moderator = await requireModerator(request);
  const url = new URL(request.url);
  const filters = readQueueFilters(url.searchParams);
  const decided = parseId(url.searchParams.get('decided'));
  const [queue, confirmation, waitingCompanies] = await Promise.all([
    listReviewQueue(filters),
    decided === null
      ? null
      : getDecisionConfirmation({ moderatorId: moderator.id, postId: decided, type: filters.type, companyId: filters.companyId }),
    filters.companyId === null ? listWaitingCompanies({ type: filters.type, limit: WAITING_COMPANIES_SHOWN }) : [],
  ]);
  return {
    ...queue,
    filters,
    confirmation,
    waitingCompanies,
    pageCount: Math.max(1, Math.ceil(queue.total / QUEUE_PAGE_SIZE)),
  };
}

const KIND_LABELS: Record<QueueItem['kind'], { label: string; className: string }> = {
  new: { label: '新規', className: styles.kindNew! },
  resubmission: { label: '再送信', className: styles.kindResubmission! },
  revision: { label: '公開中の修正', className: styles.kindRevision! },
};

/** The queue with a filter changed (from its first page); the confirmation of a decision is not carried. */
function filterPath(filters: QueueFilters, change: Partial<QueueFilters>): SitePath {
  return `/admin${queueSearch(filters, { ...change, page: 1 })}`;
}

export default function ModerationQueue({ loaderData }: Route.ComponentProps) {
  const { items, total, countsByType, company, filters, confirmation, waitingCompanies, pageCount } = loaderData;
  const { type, page } = filters;
  const all = Object.values(countsByType).reduce((sum, n) => sum + (n ?? 0), 0);
  // A review keeps the filters (and the page) the moderator came from, for the way back.
  const reviewPath = (postId: number): SitePath => `/admin/posts/${postId}${queueSearch(filters)}`;
  return (
    <section className={styles.section} aria-labelledby="queue-title">
      <h1 id="queue-title" className={styles.title}>
        審査待ちの投稿
      </h1>
      <p className={styles.lead}>送信された順（古いものから）に並んでいます。内容を確認して、公開するか差し戻してください。</p>
      {confirmation && (
        <DecisionConfirmationNotice
          confirmation={confirmation}
          reviewHref={reviewPath}
          wholeQueueHref={isFiltered(filters) ? '/admin' : null}
        />
      )}
      <nav className={styles.filters} aria-label="種類で絞り込む">
        <Link
          to={filterPath(filters, { type: null })}
          className={type === null ? styles.filterActive : styles.filter}
          aria-current={type === null ? 'true' : undefined}
        >
          すべて<span className={styles.count}>{all}</span>
        </Link>
        {WRITABLE_TYPES.map((key) => (
          <Link
            key={key}
            to={filterPath(filters, { type: key })}
            className={type === key ? styles.filterActive : styles.filter}
            aria-current={type === key ? 'true' : undefined}
          >
            {POST_TYPES[key].label}
            <span className={styles.count}>{countsByType[key] ?? 0}</span>
          </Link>
        ))}
      </nav>
      <QueueCompanyFilter
        company={company}
        waitingCompanies={waitingCompanies}
        hrefFor={(companyId) => filterPath(filters, { companyId })}
      />
      {items.length === 0 ? (
        // After the last decision the confirmation has said so already.
        !confirmation && (
          <p className={styles.empty}>
            {type || company
              ? 'この条件で審査待ちの投稿はありません。'
              : '審査待ちの投稿はありません。新しい投稿が届くとここに表示されます。'}
          </p>
        )
      ) : (
        <>
          <p className={styles.total}>{total}件</p>
          <ol className={styles.queue}>
            {items.map((item) => (
              <li key={`${item.postId}-${item.revision}`} className={styles.queueItem}>
                <div className={styles.queueHead}>
                  <span className={KIND_LABELS[item.kind].className}>{KIND_LABELS[item.kind].label}</span>
                  <span className={styles.muted}>{POST_TYPES[item.type].label}</span>
                </div>
                <Link to={reviewPath(item.postId)} className={styles.queueTitle}>
                  <KeepWords>{item.title || '（タイトルなし）'}</KeepWords>
                </Link>
                <p className={styles.queueMeta}>
                  {item.companyId !== null ? (
                    <Link to={filterPath(filters, { companyId: item.companyId })}>{item.subject}</Link>
                  ) : (
                    <span>{item.subject ?? '—'}</span>
                  )}
                  <span>投稿者：{item.author}</span>
                  <span>送信：{formatDateTime(item.submittedAt)}</span>
                </p>
              </li>
            ))}
          </ol>
          <Pagination page={page} pageCount={pageCount} search={queueSearch(filters)} />
        </>
      )}
    </section>
  );
}
