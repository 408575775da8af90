import { DescriptionList } from '../../../ui/description-list';
import { StarRating } from '../../../ui/star-rating';
import type { PostFacts as Facts } from '../post-facts';
import styles from './post-facts.module.css';

/** The structured part of a post: program, ratings, steps, result (features/posts/post-facts.ts). */
export function PostFacts({ facts }: { facts: Facts }) {
  if (facts.facts.length === 0 && facts.stars === null && facts.ratings === null && facts.steps.length === 0) return null;
  return (
    <div className={styles.facts}>
      {facts.facts.length > 0 && <DescriptionList entries={facts.facts} className={styles.list} />}
      {facts.stars !== null && (
        <p className={styles.rating}>
          <span>評価</span>
          <StarRating value={facts.stars} showValue />
        </p>
      )}
      {facts.steps.length > 0 && (
        <section className={styles.steps} aria-labelledby="post-step-details">
          <h2 id="post-step-details" className={styles.stepsTitle}>
            選考ステップの詳細
          </h2>
          <ol className={styles.stepList}>
            {facts.steps.map((step, index) => (
              <li key={index} className={styles.step}>
                <h3 className={styles.stepHeading}>{step.heading}</h3>
                {step.facts.length > 0 && <DescriptionList entries={step.facts} className={styles.stepFacts} />}
                {step.questions.length > 0 && (
                  <>
                    <p className={styles.questionsLabel}>聞かれた質問</p>
                    <ul className={styles.questions}>
                      {step.questions.map((question, at) => (
                        <li key={at}>{question}</li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ol>
        </section>
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
