import { useId, useState } from 'react';
import { Link } from '../ui/link';
import { chartHeightForUserAgent } from '../features/compare/chart-data';
import { CompareSearchPanel } from '../features/compare/components/compare-search-panel';
import { CompareView } from '../features/compare/components/compare-view';
import palette from '../features/compare/components/compare-palette.module.css';
import { getCompanyComparison } from '../features/compare/get-company-comparison.server';
import { AppError } from '../lib/app-error';
import { parseId } from '../lib/http';
import { SHARED_PAGE_BY_DEVICE } from '../lib/shared-page';
import { originFromMatches, pageMeta } from '../lib/meta';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { NameText } from '../ui/name-text';
import type { Route } from './+types/compare';
import styles from './compare.module.css';

// Both /companies/{base}/intern/compare/{id} and /companies/{base}/intern/compare?target_company_id={id}
// (docs/product/pages.md#comparison-page) come here; without a target the base company is shown alone.
export async function loader({ params, request }: Route.LoaderArgs) {
  const notFound = () => new AppError('not_found');
  const baseCompanyId = parseId(params.baseCompanyId);
  if (baseCompanyId === null) throw notFound();
  const rawTarget =
    'companyId' in params && params.companyId !== undefined ? params.companyId : new URL(request.url).searchParams.get('target_company_id');
  let targetCompanyId: number | null = null;
  if (rawTarget !== null && rawTarget !== '') {
    targetCompanyId = parseId(rawTarget);
    if (targetCompanyId === null) throw notFound();
  }
  const comparison = await getCompanyComparison({ baseCompanyId, targetCompanyId });
  if (!comparison) throw notFound();
  return { ...comparison, chartHeight: chartHeightForUserAgent(request.headers.get('User-Agent')) };
}

/**
 * The chart height depends on the device class (phone or tablet, or not), so the page is shared
 * per class: the page cache keys it by URL and class (docs/decisions/030-shared-pages.md), and
 * Vary tells any other cache that the page depends on the User-Agent.
 */
export const handle = SHARED_PAGE_BY_DEVICE;

export function headers() {
  return { Vary: 'User-Agent' };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { baseCompany, targetCompany, sameCompany } = data;
  const subject = targetCompany ? `${baseCompany.name}と${targetCompany.name}` : baseCompany.name;
  return pageMeta({
    title: targetCompany ? `${subject}のインターン評価を比較` : `${subject}のインターン評価を他社と比較`,
    description: `${subject}のインターン体験記の評価（総合評価・選考難易度・内定直結度など9項目）を、年度・時期ごとにレーダーチャートと表で比較できます。`,
    path: `/companies/${baseCompany.id}/intern/compare${targetCompany ? `/${targetCompany.id}` : ''}`,
    origin: originFromMatches(matches),
    noindex: sameCompany,
  });
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { baseCompany, targetCompany, sameCompany, data, relatedCompanies, chartHeight } = loaderData;
  // A new pair of companies starts afresh: the default year/season and a closed panel.
  const pairKey = `${baseCompany.id}-${targetCompany?.id ?? 'none'}-${sameCompany}`;
  return <ComparePageBody key={pairKey} {...{ baseCompany, targetCompany, sameCompany, data, relatedCompanies, chartHeight }} />;
}

function ComparePageBody({
  baseCompany,
  targetCompany,
  sameCompany,
  data,
  relatedCompanies,
  chartHeight,
}: Route.ComponentProps['loaderData']) {
  const [panelOpen, setPanelOpen] = useState(targetCompany === null);
  const panelId = useId();
  return (
    <main id="main" tabIndex={-1} className={cx(styles.main, palette.palette)}>
      <Breadcrumbs
        className={styles.breadcrumbs}
        items={[
          { label: 'トップ', to: '/' },
          { label: '企業を探す', to: '/companies' },
          { label: baseCompany.name, to: `/companies/${baseCompany.id}` },
          { label: 'インターン評価の比較' },
        ]}
      />

      <header className={styles.head}>
        <p className={styles.eyebrow}>インターン評価の比較</p>
        <h1 className={styles.title}>
          {targetCompany ? (
            <>
              <NameText className={styles.base}>{baseCompany.name}</NameText>
              <span className={styles.versus}>と</span>
              <NameText className={styles.target}>{targetCompany.name}</NameText>
            </>
          ) : (
            <NameText className={styles.base}>{baseCompany.name}</NameText>
          )}
        </h1>
        <p className={styles.lead}>
          {targetCompany
            ? 'インターン体験記の9項目の評価を、年度・時期ごとに比べられます。'
            : '比較する企業を選ぶと、インターン体験記の評価をレーダーチャートと表で比べられます。'}
        </p>
        <Button
          variant="secondary"
          size="small"
          className={cx('js-change-compare-company', styles.toggle)}
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
          icon={
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
              <path d="M4 7h11l-3-3M16 13H5l3 3" />
            </svg>
          }
        >
          {panelOpen ? '企業の選択を閉じる' : targetCompany ? '比較する企業を変更' : '比較する企業を選ぶ'}
        </Button>
      </header>

      {sameCompany && (
        <p className={styles.notice} role="status">
          同じ企業どうしは比較できません。下の検索から、{baseCompany.name}と比べたい別の企業を選んでください。
        </p>
      )}

      <CompareSearchPanel id={panelId} open={panelOpen} baseCompanyId={baseCompany.id} relatedCompanies={relatedCompanies} />

      <CompareView data={data} baseCompany={baseCompany} targetCompany={targetCompany} chartHeight={chartHeight} />

      <p className={styles.back}>
        <Link to={`/companies/${baseCompany.id}`}>{baseCompany.name}の企業ページへ戻る</Link>
      </p>
    </main>
  );
}
