import { StarRating } from '../../../ui/star-rating';
import type { PostFacts as Facts } from '../post-facts';
import styles from './post-facts.module.css';

/** The structured part of a post: program, ratings, steps, result (features/posts/post-facts.ts). */
export function PostFacts({ facts }: { facts: Facts }) {
  if (facts.facts.length === 0 && facts.stars === null && facts.ratings === null) return null;
  return (
    <div className={styles.facts}>
      {facts.facts.length > 0 && (
        <dl className={styles.list}>
          {facts.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {facts.stars !== null && (
        <p className={styles.rating}>
          <span>評価</span>
          <StarRating value={facts.stars} showValue />
        </p>
      )}
      {facts.ratings && (
        <dl className={styles.ratings} aria-label="インターンの評価">
          {facts.ratings.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>
                <StarRating value={item.value} size="small" showValue />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
