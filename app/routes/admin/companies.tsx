import { useSearchParams } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import { ADMIN_COMPANY_FILTERS, isAdminCompanyFilter } from '../../features/moderation/admin-company-filters';
import { listAdminCompanies } from '../../features/moderation/list-admin-catalog.server';
import { formatDateTime } from '../../lib/format-date-time';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Link } from '../../ui/link';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/companies';
import { CatalogSearch, catalogQuery } from './catalog-list';
import { CatalogTable, catalogColumns } from './catalog-table';
import styles from './catalog.module.css';

// /admin/companies: every company, newest first, or found with the site's own search (names and
// readings, kana and width alike, decision 008), each linking to its edit form; filtered to what an
// import leaves for a moderator (業種 未分類, no reading) or to closed corporations (decision 077).

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '企業の管理', '企業の一覧です。企業の追加と編集ができます。');
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  const { keyword, page } = catalogQuery(request);
  const param = new URL(request.url).searchParams.get('filter');
  const filter = isAdminCompanyFilter(param) ? param : null;
  const list = await listAdminCompanies({ keyword, page, filter });
  return { ...list, keyword, filter };
}

type Company = Route.ComponentProps['loaderData']['items'][number];

const COLUMNS = catalogColumns<Company>(
  {
    label: '企業名',
    below: (company) => (
      <>
        <span className={styles.kana}>{company.kana || 'フリガナなし'}</span>
        {company.closedAt && <span className={styles.kana}>閉鎖（検索・一覧に出ません）</span>}
      </>
    ),
  },
  { edit: (company) => `/admin/companies/${company.id}/edit`, public: (company) => `/companies/${company.id}` },
  [
    { label: '業種', cell: (company) => company.industryName },
    { label: '本社', cell: (company) => company.prefectureName },
    { label: '公開投稿', num: true, cell: (company) => `${company.publishedPostCount.toLocaleString('ja-JP')}件` },
    { label: '更新日時', nowrap: true, cell: (company) => formatDateTime(company.updatedAt) },
  ],
);

export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, keyword, filter } = loaderData;
  const [params] = useSearchParams();
  return (
    <section className={styles.section} aria-labelledby="companies-title">
      <div className={styles.head}>
        <h1 id="companies-title" className={styles.title}>
          企業
        </h1>
        <div className={styles.headActions}>
          <Link to="/admin/companies/import">法人番号データから取り込む</Link>
          <Button href="/admin/companies/new">企業を追加</Button>
        </div>
      </div>
      <p className={styles.lead}>企業名・フリガナ（ひらがな・カタカナどちらでも）またはIDで探せます。企業名を押すと編集できます。</p>
      <CatalogSearch
        listPath="/admin/companies"
        formLabel="企業の絞り込み"
        label="企業を探す"
        placeholder="企業名・フリガナ・ID"
        keyword={keyword}
      />
      <nav aria-label="企業の絞り込み条件">
        <ul className={styles.filters}>
          {([null, ...Object.keys(ADMIN_COMPANY_FILTERS)] as Array<keyof typeof ADMIN_COMPANY_FILTERS | null>).map((key) => {
            const next = new URLSearchParams(keyword ? { q: keyword } : {});
            if (key) next.set('filter', key);
            const query = next.toString();
            return (
              <li key={key ?? 'all'}>
                <Link
                  to={`/admin/companies${query ? `?${query}` : ''}`}
                  className={styles.filter}
                  aria-current={filter === key ? 'page' : undefined}
                >
                  {key ? ADMIN_COMPANY_FILTERS[key] : 'すべて'}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className={styles.empty}>
          {filter
            ? `「${ADMIN_COMPANY_FILTERS[filter]}」の企業はありません。`
            : keyword
              ? `「${keyword}」に当てはまる企業はありません。表記を変えて探すか、「企業を追加」から登録してください。`
              : 'まだ企業が登録されていません。「企業を追加」から登録するか、法人番号データから取り込んでください。'}
        </p>
      ) : (
        <>
          <p className={styles.total} aria-live="polite">
            {keyword ? `「${keyword}」の検索結果 ` : ''}
            {total.toLocaleString('ja-JP')}社
          </p>
          <CatalogTable columns={COLUMNS} rows={items} rowKey={(company) => company.id} />
          <Pagination page={page} pageCount={pageCount} search={params.toString()} />
        </>
      )}
    </section>
  );
}
