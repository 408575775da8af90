import { StarRating } from '../../../ui/star-rating';
import { RATING_ITEMS, type RatingItemKey } from '../rating-items';
import styles from './rating-summary.module.css';

export function RatingSummary({ reportCount, averages }: { reportCount: number; averages: Record<RatingItemKey, number | null> }) {
  if (reportCount === 0) {
    return <p className={styles.empty}>インターン体験記の評価はまだありません。参加したことがあれば、最初の評価を投稿してみませんか。</p>;
  }
  const [overall, ...items] = RATING_ITEMS;
  return (
    <div className={styles.summary}>
      <div className={styles.overall}>
        <span className={styles.overallLabel}>{overall.label}</span>
        <span className={styles.overallValue}>{averages.all?.toFixed(1) ?? '--'}</span>
        <StarRating value={averages.all} />
        <span className={styles.count}>インターン体験記 {reportCount}件の平均</span>
      </div>
      <dl className={styles.items}>
        {items.map((item) => {
          const value = averages[item.key];
          return (
            <div key={item.key} className={styles.item}>
              <dt>{item.label}</dt>
              <dd>
                <span className={styles.bar} aria-hidden="true">
                  <span className={styles.fill} style={{ width: `${((value ?? 0) / 5) * 100}%` }} />
                </span>
                <span className={styles.value}>{value === null ? '--' : `${value.toFixed(1)}点`}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
