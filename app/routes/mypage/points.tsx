import { privatePageHeaders } from '../../features/accounts/page-headers';
import { useSearchParams } from 'react-router';
import { requireStudent } from '../../features/accounts/session-request.server';
import { POST_TYPES, postPath } from '../../features/posts/post-types';
import { listMyPoints, POINT_LEDGER_PAGE_SIZE, type PointLedgerEntry } from '../../features/rewards/list-points.server';
import { formatPoints, PAID_POST_TYPES, POINTS_BY_POST_TYPE } from '../../features/rewards/point-amounts';
import { formatDateTime } from '../../lib/format-date-time';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { Card } from '../../ui/card';
import { Link } from '../../ui/link';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/points';
import styles from './mypage.module.css';
import { KEPT_FOR_SESSION } from '../../lib/shared-page';

// /mypage/points: the student's reward points (報酬ポイント): the balance and every ledger entry.

export const headers = privatePageHeaders;
// Kept rendered for the session a few seconds (docs/decisions/072-session-pages-kept.md).
export const handle = KEPT_FOR_SESSION;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '報酬ポイント', 'あなたの報酬ポイントの残高と履歴です。');
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  const page = parseId(new URL(request.url).searchParams.get('page')) ?? 1;
  const points = await listMyPoints({ userId: user.id, page });
  return { ...points, page, pageCount: Math.max(1, Math.ceil(points.total / POINT_LEDGER_PAGE_SIZE)) };
}

const REASON_LABELS: Record<PointLedgerEntry['reason'], string> = { post_published: '投稿の公開', adjustment: '調整' };

export default function MyPointsPage({ loaderData }: Route.ComponentProps) {
  const { balance, entries, page, pageCount } = loaderData;
  const [params] = useSearchParams();
  return (
    <>
      <Card as="section" title="報酬ポイント" titleAs="h2" className={styles.card}>
        <p className={styles.balance}>
          <span className={styles.balanceLabel}>現在のポイント</span>
          <strong className={styles.balanceValue}>{formatPoints(balance)}</strong>
        </p>
        <details className={styles.rates}>
          <summary className={styles.ratesSummary}>投稿が公開されるともらえるポイント</summary>
          <ul className={styles.rateList}>
            {PAID_POST_TYPES.map((key) => (
              <li key={key}>
                <span>{POST_TYPES[key].label}</span>
                <strong>{formatPoints(POINTS_BY_POST_TYPE[key])}</strong>
              </li>
            ))}
          </ul>
          <p className={styles.cardLead}>ポイントは投稿1件につき、最初に公開されたときに1回付与されます。</p>
        </details>
      </Card>
      <Card as="section" title="ポイント履歴" titleAs="h2" className={styles.card}>
        {entries.length === 0 ? (
          <p className={styles.favoritesEmpty}>
            まだポイントはありません。体験記やESを投稿して、審査で公開されるとポイントがもらえます。
            <Link to="/mypage/posts">投稿を書く</Link>
          </p>
        ) : (
          <ol className={styles.ledger}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.ledgerEntry}>
                <div className={styles.ledgerMain}>
                  <span className={styles.postMeta}>
                    {formatDateTime(entry.at)}・{REASON_LABELS[entry.reason]}
                  </span>
                  {entry.post ? (
                    <span className={styles.ledgerPost}>
                      {POST_TYPES[entry.post.type].label}：
                      {entry.post.status === 'published' ? (
                        <Link to={postPath(entry.post.type, entry.post.id)}>{entry.post.title || '（タイトルなし）'}</Link>
                      ) : (
                        entry.post.title || '（タイトルなし）'
                      )}
                    </span>
                  ) : (
                    entry.note && <span className={styles.ledgerPost}>{entry.note}</span>
                  )}
                </div>
                <strong className={entry.amount >= 0 ? styles.ledgerPlus : styles.ledgerMinus}>
                  {entry.amount >= 0 ? '+' : '−'}
                  {formatPoints(Math.abs(entry.amount))}
                </strong>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={page} pageCount={pageCount} search={params.toString()} />
      </Card>
    </>
  );
}
