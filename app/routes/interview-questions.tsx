import { Form } from 'react-router';
import { listFilterOptions } from '../features/companies/list-filter-options.server';
import { postPath } from '../features/posts/post-types';
import { QUICK_STEP_KEYS, stepKeyLabel } from '../features/posts/selection-steps';
import { interviewQuestionSearch, parseInterviewQuestionFilters } from '../features/selection-insight/interview-question-filters';
import { searchInterviewQuestions } from '../features/selection-insight/search-interview-questions.server';
import { currentGraduationYear } from '../lib/academic-year';
import { formatCount } from '../lib/format';
import { originFromMatches, pageMeta } from '../lib/meta';
import { SHARED_PAGE } from '../lib/shared-page';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Link } from '../ui/link';
import { Pagination } from '../ui/pagination';
import { Select } from '../ui/select';
import type { Route } from './+types/interview-questions';
import styles from './interview-questions.module.css';
import { DateText } from '../ui/date-text';

/** The same page for everyone (docs/decisions/030-shared-pages.md); issue 34. */
export const handle = SHARED_PAGE;

export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseInterviewQuestionFilters(new URL(request.url).searchParams);
  const [result, options] = await Promise.all([searchInterviewQuestions(filters), listFilterOptions()]);
  const latest = currentGraduationYear() + 1;
  return {
    filters,
    result,
    industries: options.industries,
    years: Array.from({ length: 5 }, (_, index) => latest - index),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const search = interviewQuestionSearch(data.filters);
  const about = data.result.companyName ? `${data.result.companyName}の` : '';
  return pageMeta({
    title: data.filters.q ? `「${data.filters.q}」の面接で聞かれた質問` : `${about}面接で聞かれた質問`,
    description:
      '先輩の本選考体験記・インターン体験記に書かれた、面接やGDで聞かれた質問を企業横断で検索できます。業界・選考ステップ・卒業年度で絞り込めます。',
    path: `/interview_questions${search ? `?${search}` : ''}`,
    origin: originFromMatches(matches),
    // A search result page is for students, not for search engines, except the plain list.
    noindex: search !== '',
  });
}

export default function InterviewQuestions({ loaderData }: Route.ComponentProps) {
  const { filters, result, industries, years } = loaderData;
  const search = interviewQuestionSearch(filters);
  const everyCompany = interviewQuestionSearch(filters, { companyId: null, page: 1 });
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: '面接で聞かれた質問' }]} />
      <h1 className={styles.title}>{result.companyName ? `${result.companyName}の面接で聞かれた質問` : '面接で聞かれた質問'}</h1>
      <p className={styles.lead}>
        先輩の体験記に書かれた、面接・GDで聞かれた質問です。「志望動機」「ガクチカ」などは言い換えもまとめて探します。
      </p>

      <Form method="get" className={styles.form} role="search" aria-label="面接で聞かれた質問を検索">
        <Input
          name="q"
          type="search"
          label="質問のキーワード"
          defaultValue={filters.q}
          placeholder="例：志望動機、逆質問、挫折"
          maxLength={100}
        />
        <div className={styles.filters}>
          <Select
            name="industry"
            label="業界"
            placeholder="すべての業界"
            options={industries.map((industry) => ({ value: String(industry.id), label: industry.name }))}
            defaultValue={filters.industryId === null ? '' : String(filters.industryId)}
          />
          <Select
            name="step"
            label="選考ステップ"
            placeholder="すべてのステップ"
            options={QUICK_STEP_KEYS.map((key) => ({ value: key, label: stepKeyLabel(key) }))}
            defaultValue={filters.step ?? ''}
          />
          <Select
            name="year"
            label="卒業年度"
            placeholder="すべての年度"
            options={years.map((year) => ({ value: String(year), label: `${year}年卒` }))}
            defaultValue={filters.graduationYear === null ? '' : String(filters.graduationYear)}
          />
        </div>
        {filters.companyId !== null && <input type="hidden" name="company" value={filters.companyId} />}
        <Button type="submit">検索する</Button>
      </Form>

      <section aria-labelledby="results-title" className={styles.results}>
        <h2 id="results-title" className={styles.resultsTitle}>
          {result.tooShort
            ? 'キーワードは2文字以上で入力してください'
            : `${formatCount(result.total, '件')}${result.more ? '以上' : ''}の質問`}
        </h2>
        {result.companyName && (
          <p className={styles.note}>
            {result.companyName}の質問だけを表示しています。
            <Link to={everyCompany ? `/interview_questions?${everyCompany}` : '/interview_questions'}>すべての企業から探す</Link>
          </p>
        )}
        {result.more && <p className={styles.note}>新しい{formatCount(300, '件')}を表示しています。絞り込むと探しやすくなります。</p>}
        {!result.tooShort && result.hits.length === 0 ? (
          <p className={styles.empty}>条件に合う質問はまだありません。キーワードや絞り込みを変えてみてください。</p>
        ) : (
          <ol className={styles.hits} aria-label="質問の検索結果">
            {result.hits.map((hit, index) => (
              <li key={`${hit.postId}-${index}`} className={styles.hit}>
                <p className={styles.question}>
                  {hit.question.map((part, at) => (part.match ? <mark key={at}>{part.text}</mark> : <span key={at}>{part.text}</span>))}
                </p>
                <p className={styles.meta}>
                  {hit.step && <span className={styles.stepTag}>{hit.step}</span>}
                  {hit.graduationYear !== null && <span>{hit.graduationYear}年卒</span>}
                  <Link to={`/companies/${hit.companyId}/selection`}>{hit.companyName}</Link>
                </p>
                <p className={styles.source}>
                  <Link to={postPath(hit.type, hit.postId)}>{hit.title}</Link>
                  <DateText value={hit.publishedAt} className={styles.date} />
                </p>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={result.page} pageCount={result.pageCount} search={search} />
      </section>
    </main>
  );
}
