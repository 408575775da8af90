import { Link } from '../ui/link';
import { FavoriteButton } from '../features/favorites/components/favorite-button';
import { TrackerButton } from '../features/tracker/components/tracker-button';
import { RatingSummary } from '../features/companies/components/rating-summary';
import { getCompanyProfile } from '../features/companies/get-company-profile.server';
import { POST_TYPE_LIST, POST_TYPES, postPath } from '../features/posts/post-types';
import { recordCompanyView } from '../features/recommendations/record-company-view.server';
import { getCommonFlow } from '../features/selection-insight/get-selection-insight.server';
import { formatCount, formatDate } from '../lib/format';
import { parseId } from '../lib/http';
import { SHARED_PAGE } from '../lib/shared-page';
import { contentVersion, originFromMatches, pageMeta } from '../lib/meta';
import { Card } from '../ui/card';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { EntryHeading } from '../ui/entry-heading';
import { KeepWords } from '../ui/keep-words';
import type { Route } from './+types/company';
import styles from './company.module.css';
import { AppError } from '../lib/app-error';
import { DateText } from '../ui/date-text';

/**
 * The same page for everyone (docs/decisions/030-shared-pages.md): the heart's state and the
 * first-view badge 103 come with the personal call (app/features/personal).
 */
export const handle = SHARED_PAGE;

export async function loader({ params }: Route.LoaderArgs) {
  const companyId = parseId(params.companyId);
  const [company, commonFlow] =
    companyId === null ? [null, null] : await Promise.all([getCompanyProfile({ companyId }), getCommonFlow(companyId)]);
  if (!company) throw new AppError('not_found');
  recordCompanyView({ companyId: company.id });
  return { company, commonFlow };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { company } = data;
  return pageMeta({
    title: `${company.name}のインターン・選考体験記`,
    description: `${company.name}（${company.industryName}・${company.prefectureName}）のインターン体験記、本選考体験記、ES、クチコミを掲載。学生が投稿した評価と選考情報を確認できます。`,
    path: `/companies/${company.id}`,
    origin: originFromMatches(matches),
    // A closed corporation's page stays for its posts, but search engines leave it out (decision 077).
    noindex: company.closedAt !== null,
    image: {
      // What the card shows (name, industry, rating, posts) versions its URL.
      path: `/og/companies/${company.id}/card.png?v=${contentVersion(
        JSON.stringify([company.name, company.industryName, company.prefectureName, company.ratings, company.postCounts]),
      )}`,
      alt: `${company.name}（${company.industryName}）のインターン評価`,
    },
  });
}

/** schema.org Organization for search engines; alternateName is the kana reading. */
function organizationJsonLd(company: Route.ComponentProps['loaderData']['company']): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    alternateName: company.kana,
    ...(company.url ? { url: company.url } : {}),
    ...(company.foundedYear ? { foundingDate: String(company.foundedYear) } : {}),
    ...(company.employeeCount ? { numberOfEmployees: { '@type': 'QuantitativeValue', value: company.employeeCount } } : {}),
    address: { '@type': 'PostalAddress', addressRegion: company.prefectureName, addressCountry: 'JP' },
    description: company.description,
  };
  // "<" escaped so that no text in the data can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { company, commonFlow } = loaderData;
  const totalPosts = POST_TYPE_LIST.reduce((sum, key) => sum + company.postCounts[key], 0);
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD for search engines; organizationJsonLd escapes "<" so nothing can close the script. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: organizationJsonLd(company) }} />
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: '企業を探す', to: '/companies' }, { label: company.name }]} />

      <header className={styles.head}>
        <EntryHeading name={company.name} kana={company.kana} />
        <p className={styles.tags}>
          <Link to={`/companies?industry=${company.industryId}`} className={styles.tag}>
            {company.industryName}
          </Link>
          <span className={styles.tag}>本社：{company.prefectureName}</span>
          <span className={styles.tagMuted}>投稿 {formatCount(totalPosts, '件')}</span>
        </p>
        <div className={styles.actions}>
          <FavoriteButton companyId={company.id} companyName={company.name} />
          <Link to={`/companies/${company.id}/intern/compare`} className={styles.compareLink}>
            インターン評価を他社と比較する
          </Link>
        </div>
        <TrackerButton companyId={company.id} companyName={company.name} />
        {company.closedAt && (
          <p className={styles.closed} role="note">
            この法人は登記記録が閉鎖されています（{formatDate(company.closedAt)}・国税庁
            法人番号公表サイトの情報）。企業の検索と一覧には表示されません。これまでの投稿はこのページで読めます。
          </p>
        )}
      </header>

      <div className={styles.layout}>
        <div className={styles.primary}>
          <Card as="section" title="選考対策" titleAs="h2">
            {commonFlow ? (
              <p className={styles.flowLine}>
                <span className={styles.flowLabel}>
                  {commonFlow.intern ? 'インターンのよくある選考フロー' : '本選考のよくある選考フロー'}
                </span>
                <span className={styles.flowText}>{commonFlow.text}</span>
                <span
                  className={styles.flowBasis}
                >{`${formatCount(commonFlow.reportCount, '件')}の${commonFlow.intern ? 'インターン体験記' : '本選考体験記（内定・辞退まで）'}のうち${formatCount(commonFlow.count, '件')}`}</span>
              </p>
            ) : (
              <p className={styles.empty}>選考フロー・面接で聞かれた質問・結果連絡の目安を、体験記と就活速報からまとめています。</p>
            )}
            <Link to={`/companies/${company.id}/selection`} className={styles.more}>
              {company.name}の選考対策を見る
            </Link>
          </Card>

          <Card as="section" title="インターンの評価" titleAs="h2">
            <RatingSummary reportCount={company.ratings.reportCount} averages={company.ratings.averages} />
          </Card>

          {POST_TYPE_LIST.filter((key) => key !== 'recruit_service_review').map((key) => {
            const info = POST_TYPES[key];
            const posts = company.latestPosts[key];
            const total = company.postCounts[key];
            return (
              <Card as="section" key={key} title={`${info.label}（${formatCount(total, '件')}）`} titleAs="h2">
                {posts.length === 0 ? (
                  <p className={styles.empty}>{info.label}はまだありません。</p>
                ) : (
                  <>
                    <ul className={styles.postList}>
                      {posts.map((post) => (
                        <li key={post.id}>
                          <Link to={postPath(key, post.id)} className={styles.postLink}>
                            <span className={styles.postTitle}>
                              <KeepWords>{post.title}</KeepWords>
                            </span>
                            <span className={styles.postExcerpt}>{post.excerpt}</span>
                            <DateText value={post.publishedAt} className={styles.postDate} />
                          </Link>
                        </li>
                      ))}
                    </ul>
                    {total > posts.length && (
                      <Link to={`/companies/${company.id}/${info.slug}`} className={styles.more}>
                        {info.label}をすべて見る（{formatCount(total, '件')}）
                      </Link>
                    )}
                  </>
                )}
              </Card>
            );
          })}
        </div>

        <aside className={styles.side}>
          <div className={styles.followUp}>
            <p className={styles.followUpText}>{company.name}の新しい体験記をマイページで追いかけよう</p>
            <FavoriteButton companyId={company.id} companyName={company.name} />
          </div>
          <Card as="section" title="企業情報" titleAs="h2">
            <dl className={styles.facts}>
              <div>
                <dt>業界</dt>
                <dd>{company.industryName}</dd>
              </div>
              <div>
                <dt>本社所在地</dt>
                <dd>{company.prefectureName}</dd>
              </div>
              <div>
                <dt>従業員数</dt>
                <dd>{company.employeeCount === null ? '非公開' : formatCount(company.employeeCount, '人')}</dd>
              </div>
              <div>
                <dt>設立</dt>
                <dd>{company.foundedYear === null ? '非公開' : `${company.foundedYear}年`}</dd>
              </div>
              {company.corporateNumber && (
                <div>
                  <dt>法人番号</dt>
                  <dd>{company.corporateNumber}</dd>
                </div>
              )}
              <div>
                <dt>企業URL</dt>
                <dd>
                  {company.url ? (
                    <a href={company.url} rel="nofollow noopener noreferrer" target="_blank" className={styles.url}>
                      {company.url}
                    </a>
                  ) : (
                    '未登録'
                  )}
                </dd>
              </div>
            </dl>
            {company.description && <p className={styles.description}>{company.description}</p>}
          </Card>
        </aside>
      </div>
    </main>
  );
}
