import type { CSSProperties } from 'react';
import { cx } from './cx';
import styles from './star-rating.module.css';

const MAX = 5;

export type StarRatingSize = 'small' | 'medium';

export type StarRatingProps = {
  /** 0 to 5, fractions allowed (3.6 fills three stars and 60% of the fourth); null when there are no ratings. */
  value: number | null;
  size?: StarRatingSize;
  /** Shows the number after the stars, as 「3.6点」. */
  showValue?: boolean;
  className?: string;
};

/** Read-only stars for an average score, announced as 「5点中3.6点」. */
export function StarRating({ value, size = 'medium', showValue = false, className }: StarRatingProps) {
  const score = value === null ? null : Math.min(MAX, Math.max(0, value));
  const label = score === null ? '評価なし' : `${MAX}点中${formatScore(score)}点`;
  // One element painted through a star-shaped mask: lists show dozens of ratings, and five
  // SVGs per rating made pages heavy to render and to send.
  const fill = score === null ? 0 : (score / MAX) * 100;
  return (
    <span className={cx(styles.display, styles[size], className)}>
      <span role="img" aria-label={label} className={styles.stars} style={{ '--fill': `${fill}%` } as CSSProperties} />
      {showValue && (
        // Already in the image's label; shown for sighted readers only.
        <span className={styles.value} aria-hidden="true">
          {score === null ? '--' : `${score.toFixed(1)}点`}
        </span>
      )}
    </span>
  );
}

/** 3.6 → "3.6", 4 → "4", 3.65 → "3.7": one decimal at most, as averages are shown. */
function formatScore(score: number): string {
  return String(Math.round(score * 10) / 10);
}
