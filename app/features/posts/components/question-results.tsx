import type { ReactNode } from 'react';
import { Link } from '../../../ui/link';
import { POST_TYPES, postPath } from '../post-types';
import type { QuestionGroup, QuestionHit } from '../search-entry-sheets.server';
import { NameText } from '../../../ui/name-text';
import styles from './question-results.module.css';
import { DateText } from '../../../ui/date-text';

function limitText(group: QuestionGroup): string {
  if (group.typicalLimit === null || group.limitRange === null) return '字数の指定なしが多い';
  const [min, max] = group.limitRange;
  return min === max ? `${group.typicalLimit}字` : `${group.typicalLimit}字が最多（${min}〜${max}字）`;
}

/**
 * How the matching questions are usually phrased, kind by kind: how many, the common phrasings
 * and the usual character limit.
 */
export function QuestionGroups({ groups, title, note }: { groups: QuestionGroup[]; title: string; note?: ReactNode }) {
  if (groups.length === 0) return null;
  return (
    <section className={styles.groups} aria-labelledby="question-groups-title">
      <h2 id="question-groups-title" className={styles.groupsTitle}>
        {title}
      </h2>
      {note && <p className={styles.note}>{note}</p>}
      <ul className={styles.groupList}>
        {groups.map((group) => (
          <li key={group.key} className={styles.group}>
            <p className={styles.groupHead}>
              <span className={styles.groupLabel}>{group.label}</span>
              <span className={styles.groupCount}>{group.count.toLocaleString('ja-JP')}問</span>
            </p>
            <p className={styles.limit}>字数：{limitText(group)}</p>
            <ul className={styles.phrasings} aria-label="よくある聞かれ方">
              {group.phrasings.map((phrasing) => (
                <li key={phrasing.text}>
                  「{phrasing.text}」{phrasing.count > 1 && <span className={styles.times}>×{phrasing.count}</span>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One matching question with its ES: the matched words marked, the answer's opening, the company. */
export function QuestionHitItem({ hit, actions }: { hit: QuestionHit; actions?: ReactNode }) {
  return (
    <li className={styles.hit}>
      <Link to={`${postPath(hit.type, hit.postId)}#q${hit.position}`} className={styles.hitLink}>
        <span className={styles.about}>
          <span className={styles.typeTag}>{POST_TYPES[hit.type].label}</span>
          <NameText>{hit.companyName}</NameText>
        </span>
        <span className={styles.question}>
          {hit.question.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
          {hit.charLimit !== null && !hit.limitWritten && <span className={styles.charLimit}>（{hit.charLimit}字以内）</span>}
        </span>
        {hit.answerExcerpt && <span className={styles.answer}>{hit.answerExcerpt}</span>}
        <span className={styles.foot}>
          <span>{hit.title}</span>
          <DateText value={hit.publishedAt} />
        </span>
      </Link>
      {actions && <div className={styles.actions}>{actions}</div>}
    </li>
  );
}
