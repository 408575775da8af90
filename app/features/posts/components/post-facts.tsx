import { formatYearSeason } from '../../../lib/format';
import { StarRating } from '../../../ui/star-rating';
import { RATING_ITEMS } from '../../companies/rating-items';
import type { PostDetail } from '../get-post.server';
import styles from './post-facts.module.css';

const SCREENING_RESULTS = { offer: '内定', rejected: '不合格', declined: '辞退', in_progress: '選考中' } as const;
const ES_RESULTS = { passed: '通過', failed: '不通過', unknown: '結果不明' } as const;
const STEP_NAMES = { es: 'ES', web_test: 'Webテスト', gd: 'グループディスカッション', interview: '面接' } as const;

type Fact = { label: string; value: string };

function attributeFacts(attributes: PostDetail['attributes']): Fact[] {
  const facts: Fact[] = [];
  const { course, graduationYear, phase, result, department, tenureYears, employment } = attributes;
  if (typeof graduationYear === 'number') facts.push({ label: '卒業年度', value: `${graduationYear}年卒` });
  if (typeof course === 'string' && course) facts.push({ label: '応募コース', value: course });
  if (typeof phase === 'string' && phase) facts.push({ label: '選考フェーズ', value: phase });
  if (typeof result === 'string' && result) facts.push({ label: '結果', value: result });
  if (typeof department === 'string' && department) facts.push({ label: '部署', value: department });
  if (typeof employment === 'string' && employment) facts.push({ label: '在籍状況', value: employment });
  if (typeof tenureYears === 'number') facts.push({ label: '在籍年数', value: `${tenureYears}年` });
  return facts;
}

/** The structured part of a post: program, ratings, steps, result. */
export function PostFacts({ post }: { post: PostDetail }) {
  const facts: Fact[] = [];
  if (post.intern) {
    facts.push(
      { label: '開催時期', value: formatYearSeason(post.intern.year, post.intern.season) },
      { label: 'テーマ', value: post.intern.theme },
      { label: '形式', value: post.intern.format === 'online' ? 'オンライン' : '対面' },
      { label: '期間', value: `${post.intern.days}日間` },
    );
  }
  if (post.screening) {
    facts.push(
      { label: '卒業年度', value: `${post.screening.graduationYear}年卒` },
      { label: '選考結果', value: SCREENING_RESULTS[post.screening.result] },
    );
    if (post.screening.steps.length > 0) {
      facts.push({
        label: '選考フロー',
        value: post.screening.steps
          .map((step) => (step.kind === 'interview' && step.round ? `${step.round}次面接` : STEP_NAMES[step.kind]))
          .join(' → '),
      });
    }
  }
  if (post.entrySheet) {
    facts.push(
      { label: '選考区分', value: post.entrySheet.selectionType === 'intern' ? 'インターン' : '本選考' },
      { label: '年度', value: `${post.entrySheet.year}年` },
      { label: 'ES結果', value: ES_RESULTS[post.entrySheet.result] },
    );
  }
  const seen = new Set(facts.map((fact) => fact.label));
  for (const fact of attributeFacts(post.attributes)) if (!seen.has(fact.label)) facts.push(fact);
  const rating = typeof post.attributes.rating === 'number' ? post.attributes.rating : null;

  if (facts.length === 0 && !post.intern && rating === null) return null;
  return (
    <div className={styles.facts}>
      {facts.length > 0 && (
        <dl className={styles.list}>
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {rating !== null && (
        <p className={styles.rating}>
          <span>評価</span>
          <StarRating value={rating} showValue />
        </p>
      )}
      {post.intern && (
        <dl className={styles.ratings} aria-label="インターンの評価">
          {RATING_ITEMS.map((item) => (
            <div key={item.key}>
              <dt>{item.label}</dt>
              <dd>
                <StarRating value={post.intern!.ratings[item.key]} size="small" showValue />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
