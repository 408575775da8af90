import { JoinInvitation } from '../features/accounts/components/join-invitation';
import { getViewer } from '../features/accounts/session-request.server';
import { BADGE_TIER_LABELS } from '../features/badges/catalog';
import { BadgeIcon } from '../features/badges/components/badge-icon';
import { listBadgeStatus, type BadgeStatusItem, type BadgeStatusSeries } from '../features/badges/list-badge-status.server';
import { formatDate } from '../lib/format';
import { KEPT_FOR_SESSION } from '../lib/shared-page';
import { originFromMatches, pageMeta } from '../lib/meta';
import type { Route } from './+types/badges';
import styles from './badges.module.css';

// Kept rendered for a session a few seconds (docs/decisions/072-session-pages-kept.md); a
// visitor's is the visitors' cached page.
export const handle = KEPT_FOR_SESSION;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  return { status: await listBadgeStatus({ userId: viewer?.role === 'student' ? viewer.userId : null }) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'バッジ一覧',
    description:
      'シューログで獲得できるバッジの一覧です。企業のチェック、体験記やESの閲覧・投稿、選考の進み具合に応じてバッジを集められます。',
    path: '/badges',
    origin: originFromMatches(matches),
  });
}

const SERIES_LEADS: Record<BadgeStatusSeries['key'], string> = {
  basic: '会員登録やお気に入りなど、シューログを使いはじめるともらえるバッジです。',
  viewing: '先輩の体験記・ES・クチコミを読むともらえるバッジです。',
  job_hunting: '選考管理でインターンや本選考の進み具合を記録するともらえるバッジです。',
  posting: 'あなたの就活ログを投稿して、後輩の力になるともらえるバッジです。',
};

export default function Badges({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  const visitor = status.viewer === 'visitor';
  const percent = Math.round((status.acquiredCount / status.totalCount) * 100);
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <header className={styles.header}>
        <h1 className={styles.title}>バッジ一覧</h1>
        <p className={styles.lead}>企業をチェックしたり、先輩の体験記を読んだり、自分の就活ログを投稿したりするとバッジがもらえます。</p>
        <div className={styles.progress}>
          <p className={styles.count}>
            <span className={styles.countNumber}>{status.acquiredCount}</span>
            <span className={styles.countTotal}> / {status.totalCount}個獲得</span>
          </p>
          <div className={styles.bar} aria-hidden="true">
            <div className={styles.barFill} style={{ width: `${percent}%` }} />
          </div>
          <ul className={styles.legend} aria-label="バッジの色">
            {(['gold', 'silver', 'bronze'] as const).map((tier) => (
              <li key={tier} className={styles.legendItem}>
                <span className={`${styles.legendDot} ${styles[tier]}`} aria-hidden="true" />
                {BADGE_TIER_LABELS[tier]}
              </li>
            ))}
            <li className={styles.legendItem}>
              <span className={`${styles.legendDot} ${styles.gray}`} aria-hidden="true" />
              未獲得
            </li>
          </ul>
        </div>
      </header>

      {visitor && (
        <JoinInvitation
          id="badges-join-title"
          title="会員登録をして、バッジを集めましょう"
          signupLabel="会員登録（無料）"
          returnTo="/badges"
          layout="banner"
        >
          バッジは学生会員の方が獲得できます。登録はメールアドレスだけで、無料です。
        </JoinInvitation>
      )}

      {status.series.map((series) => (
        <section key={series.key} className={styles.series} aria-labelledby={`badges-series-${series.key}`}>
          <div className={styles.seriesHeader}>
            <h2 id={`badges-series-${series.key}`} className={styles.seriesTitle}>
              {series.label}
            </h2>
            <p className={styles.seriesCount}>
              {series.acquiredCount} / {series.totalCount}個
            </p>
          </div>
          <p className={styles.seriesLead}>{SERIES_LEADS[series.key]}</p>
          <ul className={styles.grid}>
            {series.badges.map((badge) => (
              <BadgeCard key={badge.id} badge={badge} />
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}

function BadgeCard({ badge }: { badge: BadgeStatusItem }) {
  const acquired = badge.acquiredAt !== null;
  return (
    <li className={`${styles.card} ${acquired ? `${styles.acquired} ${styles[badge.tier]}` : styles.locked}`}>
      <BadgeIcon icon={badge.icon} color={acquired ? badge.tier : 'gray'} size="large" className={styles.icon} />
      <h3 className={styles.name}>{badge.name}</h3>
      {acquired ? (
        <p className={styles.state}>
          <span className={styles.tierChip}>{BADGE_TIER_LABELS[badge.tier]}</span>
          <span className={styles.date}>{formatDate(badge.acquiredAt!)}獲得</span>
        </p>
      ) : (
        <p className={styles.state}>
          <span className={styles.lockedChip}>未獲得</span>
        </p>
      )}
      <p className={styles.howTo}>{badge.howToEarn}</p>
      {!acquired && badge.postingHref && (
        <a href={badge.postingHref} className={styles.postLink}>
          投稿する
          <span aria-hidden="true" className={styles.chevron}>
            ›
          </span>
        </a>
      )}
    </li>
  );
}
