import { formatCount } from '../../../lib/format';
import { StarRating } from '../../../ui/star-rating';
import styles from './company-rating.module.css';

export type CompanyRatingProps = {
  /** The company's average intern rating, 0 to 5; null while no intern experience rates it. */
  average: number | null;
  /** How many intern experiences the average is of; shown as 「12件の評価」 after the stars when given. */
  reportCount?: number;
  /** Stands in place of the stars while nothing rates the company. */
  emptyLabel?: string;
};

/**
 * A company's intern rating as company lists and cards show it: small stars with the score, or a
 * muted note while there is none. It renders no box of its own, so that each list lays it out
 * in its own row or line.
 */
export function CompanyRating({ average, reportCount, emptyLabel = 'インターン評価なし' }: CompanyRatingProps) {
  if (average === null) return <span className={styles.muted}>{emptyLabel}</span>;
  return (
    <>
      {/* Rounded here so that the stars' fill matches the one decimal written beside them. */}
      <StarRating value={Math.round(average * 10) / 10} size="small" showValue />
      {reportCount !== undefined && <span className={styles.muted}>{formatCount(reportCount, '件')}の評価</span>}
    </>
  );
}
