import { BADGE_SERIES, BADGE_TIER_LABELS, badgeKindById } from '../features/badges/catalog';
import { BadgeIcon } from '../features/badges/components/badge-icon';
import { AppError } from '../lib/app-error';
import { parseId } from '../lib/http';
import { originFromMatches, pageMeta } from '../lib/meta';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { buttonClassName } from '../ui/button';
import { Link } from '../ui/link';
import type { Route } from './+types/badge';
import styles from './badge.module.css';

// /badges/:badgeId: one badge, the page a shared badge links to (issue 18). The same for everyone
// (a student's own badges are on /badges), so visitors get it from the page cache; its share card
// is the medal with 「バッジを獲得しました」.

export function loader({ params }: Route.LoaderArgs) {
  const badge = badgeKindById(parseId(params.badgeId) ?? 0);
  if (!badge) throw new AppError('not_found');
  const series = BADGE_SERIES.find((candidate) => candidate.key === badge.series)!;
  return { badge, seriesLabel: series.label };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { badge } = data;
  return pageMeta({
    title: `「${badge.name}」バッジ`,
    description: `シューログの「${badge.name}」バッジ（${BADGE_TIER_LABELS[badge.tier]}）。${badge.howToEarn}`,
    path: `/badges/${badge.id}`,
    origin: originFromMatches(matches),
    image: { path: `/og/badges/${badge.id}/card.png`, alt: `「${badge.name}」バッジを獲得しました` },
  });
}

export default function BadgePage({ loaderData }: Route.ComponentProps) {
  const { badge, seriesLabel } = loaderData;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: 'バッジ一覧', to: '/badges' }, { label: badge.name }]} />
      <article className={`${styles.card} ${styles[badge.tier]}`}>
        <BadgeIcon icon={badge.icon} color={badge.tier} size="large" className={styles.icon} />
        <p className={styles.series}>{seriesLabel}</p>
        <h1 className={styles.name}>{badge.name}</h1>
        <p className={styles.tierChip}>{BADGE_TIER_LABELS[badge.tier]}</p>
        <h2 className={styles.howToTitle}>獲得のしかた</h2>
        <p className={styles.howTo}>{badge.howToEarn}</p>
        <div className={styles.actions}>
          <Link to="/badges" className={buttonClassName({ variant: 'primary', fullWidth: true })}>
            バッジ一覧を見る
          </Link>
          {badge.postingHref && (
            <a href={badge.postingHref} className={buttonClassName({ variant: 'secondary', fullWidth: true })}>
              投稿してバッジを集める
            </a>
          )}
        </div>
        <p className={styles.note}>
          バッジは学生会員の方が獲得できます。<Link to="/signup">会員登録（無料）</Link>
        </p>
      </article>
    </main>
  );
}
