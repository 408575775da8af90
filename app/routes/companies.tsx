import { Form, useLocation } from 'react-router';
import { PrefectureOptions } from '../features/companies/components/prefecture-options';
import { Link } from '../ui/link';
import { FavoriteButton } from '../features/favorites/components/favorite-button';
import { CompanyRating } from '../features/companies/components/company-rating';
import { listFilterOptions } from '../features/companies/list-filter-options.server';
import { parseCompanySearchParams } from '../features/search/search-params';
import { searchCompanies } from '../features/search/search-companies.server';
import { COMPANY_SORTS, SORT_LABELS } from '../features/search/sorts';
import { formatCount } from '../lib/format';
import { SHARED_PAGE } from '../lib/shared-page';
import { originFromMatches, pageMeta } from '../lib/meta';
import { Pagination } from '../ui/pagination';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { NameText } from '../ui/name-text';
import type { Route } from './+types/companies';
import styles from './companies.module.css';

const PER_PAGE = 20;

/** The same page for everyone; the hearts' states come with the personal call (docs/decisions/030). */
export const handle = SHARED_PAGE;

export async function loader({ request }: Route.LoaderArgs) {
  const params = parseCompanySearchParams(new URL(request.url).searchParams);
  const [options, result] = await Promise.all([listFilterOptions(), searchCompanies({ ...params, perPage: PER_PAGE })]);
  return { params, options, result };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { params, options } = data;
  const industry = options.industries.find((i) => i.id === params.industryId)?.name;
  const prefecture = options.prefectures.find((p) => p.id === params.prefectureId)?.name;
  const subject = [params.keyword && `「${params.keyword}」`, industry, prefecture].filter(Boolean).join('・');
  const query = new URLSearchParams();
  if (params.industryId) query.set('industry', String(params.industryId));
  if (params.prefectureId) query.set('pref', String(params.prefectureId));
  if (params.page > 1) query.set('page', String(params.page));
  return pageMeta({
    title: subject ? `${subject}の企業一覧` : '企業を探す',
    description: 'インターン体験記・選考体験記・ESが集まる企業を、企業名・業界・本社所在地から探せます。',
    path: `/companies${query.size ? `?${query}` : ''}`,
    origin: originFromMatches(matches),
    // Keyword result pages are endless and thin: keep them out of the index.
    noindex: Boolean(params.keyword),
  });
}

export default function Companies({ loaderData }: Route.ComponentProps) {
  const { params, options, result } = loaderData;
  const location = useLocation();
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <h1 className={styles.title}>企業を探す</h1>
      {/* A plain GET form: the search lives in the URL and works without JavaScript. */}
      <Form method="get" action="/companies" className={styles.filters} role="search" aria-label="企業の検索条件" key={location.search}>
        <Input
          label="企業名・フリガナ"
          type="search"
          name="q"
          defaultValue={params.keyword}
          placeholder="例：あおば、ＡＢＣ、システム"
          maxLength={100}
          className={styles.keyword}
        />
        <Select
          label="業界"
          name="industry"
          defaultValue={params.industryId ?? ''}
          placeholder="すべての業界"
          options={options.industries.map((industry) => ({ value: String(industry.id), label: industry.name }))}
          className={styles.field}
        />
        <Select
          label="本社所在地"
          name="pref"
          defaultValue={params.prefectureId ?? ''}
          placeholder="すべての都道府県"
          className={styles.field}
        >
          <PrefectureOptions prefectures={options.prefectures} />
        </Select>
        <Select
          label="並び順"
          name="sort"
          defaultValue={params.sort}
          options={COMPANY_SORTS.filter((sort) => sort !== 'relevance' || params.keyword).map((sort) => ({
            value: sort,
            label: SORT_LABELS[sort],
          }))}
          className={styles.field}
        />
        <Button type="submit" className={styles.submit}>
          この条件で検索
        </Button>
      </Form>

      <p className={styles.summary} role="status">
        {result.total === 0 ? '条件に合う企業は見つかりませんでした。' : `${formatCount(result.total, '社')}が見つかりました`}
        {result.total > PER_PAGE && `（${result.page} / ${result.pageCount}ページ）`}
      </p>

      {result.total === 0 ? (
        <div className={styles.empty}>
          <p>キーワードをひらがなやカタカナで入力したり、業界・都道府県の条件を外したりしてみてください。</p>
          <Link to="/companies">条件をすべてクリアする</Link>
        </div>
      ) : (
        <ul className={styles.list}>
          {result.companies.map((company) => (
            <li key={company.id} className={styles.item}>
              <Link to={`/companies/${company.id}`} className={styles.link}>
                <span className={styles.kana}>{company.kana}</span>
                <NameText className={styles.name}>{company.name}</NameText>
                <span className={styles.meta}>
                  <span>本社：{company.prefectureName}</span>
                  <span>投稿 {formatCount(company.publishedPostCount, '件')}</span>
                </span>
              </Link>
              <div className={styles.foot}>
                <div className={styles.rating}>
                  <CompanyRating average={company.internRatingAverage} reportCount={company.internReportCount} />
                </div>
                <FavoriteButton companyId={company.id} companyName={company.name} size="small" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} search={location.search} />
    </main>
  );
}
