import { useSearchParams } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import { listReviewQueue, QUEUE_PAGE_SIZE, type QueueItem } from '../../features/moderation/review-queue.server';
import { POST_TYPES } from '../../features/posts/post-types';
import { POST_TYPE_KEYS, type PostTypeKey } from '../../db/enums';
import { formatDateTime } from '../../lib/format-date-time';
import { parseId } from '../../lib/http';
import { originFromMatches, pageMeta } from '../../lib/meta';
import { Link, type SitePath } from '../../ui/link';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/queue';
import styles from './moderation.module.css';

// /admin: the moderation queue (審査待ち), oldest first, filterable by content type and company.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    title: '審査待ちの投稿',
    description: '審査待ちの投稿の一覧です。',
    noindex: true,
  });
}

function typeOf(value: string | null): PostTypeKey | null {
  return POST_TYPE_KEYS.find((key) => key === value) ?? null;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  const url = new URL(request.url);
  const type = typeOf(url.searchParams.get('type'));
  const companyId = parseId(url.searchParams.get('company_id'));
  const page = parseId(url.searchParams.get('page')) ?? 1;
  const queue = await listReviewQueue({ type, companyId, page });
  return { ...queue, type, page, pageCount: Math.max(1, Math.ceil(queue.total / QUEUE_PAGE_SIZE)) };
}

const KIND_LABELS: Record<QueueItem['kind'], { label: string; className: string }> = {
  new: { label: '新規', className: styles.kindNew! },
  resubmission: { label: '再送信', className: styles.kindResubmission! },
  revision: { label: '公開中の修正', className: styles.kindRevision! },
};

function filterPath(params: URLSearchParams, change: Record<string, string | null>): SitePath {
  const next = new URLSearchParams(params);
  next.delete('page');
  for (const [key, value] of Object.entries(change)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `/admin?${query}` : '/admin';
}

export default function ModerationQueue({ loaderData }: Route.ComponentProps) {
  const { items, total, countsByType, company, type, page, pageCount } = loaderData;
  const [params] = useSearchParams();
  const all = Object.values(countsByType).reduce((sum, n) => sum + (n ?? 0), 0);
  return (
    <section className={styles.section} aria-labelledby="queue-title">
      <h1 id="queue-title" className={styles.title}>
        審査待ちの投稿
      </h1>
      <p className={styles.lead}>送信された順（古いものから）に並んでいます。内容を確認して、公開するか差し戻してください。</p>
      <nav className={styles.filters} aria-label="種類で絞り込む">
        <Link
          to={filterPath(params, { type: null })}
          className={type === null ? styles.filterActive : styles.filter}
          aria-current={type === null ? 'true' : undefined}
        >
          すべて<span className={styles.count}>{all}</span>
        </Link>
        {POST_TYPE_KEYS.filter((key) => key !== 'employee_word_mouth').map((key) => (
          <Link
            key={key}
            to={filterPath(params, { type: key })}
            className={type === key ? styles.filterActive : styles.filter}
            aria-current={type === key ? 'true' : undefined}
          >
            {POST_TYPES[key].label}
            <span className={styles.count}>{countsByType[key] ?? 0}</span>
          </Link>
        ))}
      </nav>
      {company && (
        <p className={styles.activeFilter}>
          企業：<strong>{company.name}</strong>の投稿だけを表示しています。
          <Link to={filterPath(params, { company_id: null })}>絞り込みを解除</Link>
        </p>
      )}
      {items.length === 0 ? (
        <p className={styles.empty}>
          {type || company
            ? 'この条件で審査待ちの投稿はありません。'
            : '審査待ちの投稿はありません。新しい投稿が届くとここに表示されます。'}
        </p>
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
                <Link to={`/admin/posts/${item.postId}`} className={styles.queueTitle}>
                  {item.title || '（タイトルなし）'}
                </Link>
                <p className={styles.queueMeta}>
                  {item.companyId !== null ? (
                    <Link to={filterPath(params, { company_id: String(item.companyId) })}>{item.subject}</Link>
                  ) : (
                    <span>{item.subject ?? '—'}</span>
                  )}
                  <span>投稿者：{item.author}</span>
                  <span>送信：{formatDateTime(item.submittedAt)}</span>
                </p>
              </li>
            ))}
          </ol>
          <Pagination page={page} pageCount={pageCount} search={params.toString()} />
        </>
      )}
    </section>
  );
}
