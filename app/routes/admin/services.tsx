import { useSearchParams } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import { listAdminServices } from '../../features/moderation/list-admin-catalog.server';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Pagination } from '../../ui/pagination';
import type { Route } from './+types/services';
import { CatalogSearch, catalogQuery } from './catalog-list';
import { CatalogTable, catalogColumns } from './catalog-table';
import styles from './catalog.module.css';

// /admin/services: the job-hunting services (就活サービス), newest first, each linking to its
// edit form.

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '就活サービスの管理', '就活サービスの一覧です。追加と編集ができます。');
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireModerator(request);
  const { keyword, page } = catalogQuery(request);
  return { ...(await listAdminServices({ keyword, page })), keyword };
}

type Service = Route.ComponentProps['loaderData']['items'][number];

const COLUMNS = catalogColumns<Service>(
  { label: 'サービス名', below: (service) => <span className={styles.kana}>{service.kana}</span> },
  { edit: (service) => `/admin/services/${service.id}/edit`, public: (service) => `/recruit_services/${service.id}` },
  [
    { label: '分類', cell: (service) => service.category },
    { label: '口コミ', num: true, cell: (service) => `${service.reviewCount.toLocaleString('ja-JP')}件` },
  ],
);

export default function AdminServices({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, keyword } = loaderData;
  const [params] = useSearchParams();
  return (
    <section className={styles.section} aria-labelledby="services-title">
      <div className={styles.head}>
        <h1 id="services-title" className={styles.title}>
          就活サービス
        </h1>
        <Button href="/admin/services/new">サービスを追加</Button>
      </div>
      <p className={styles.lead}>学生が口コミを投稿できる就活サービスです。サービス名を押すと編集できます。</p>
      <CatalogSearch
        listPath="/admin/services"
        formLabel="就活サービスの絞り込み"
        label="サービスを探す"
        placeholder="サービス名・フリガナ"
        keyword={keyword}
      />
      {items.length === 0 ? (
        <p className={styles.empty}>
          {keyword
            ? `「${keyword}」に当てはまるサービスはありません。「サービスを追加」から登録できます。`
            : 'まだ就活サービスが登録されていません。「サービスを追加」から登録してください。'}
        </p>
      ) : (
        <>
          <p className={styles.total}>{total.toLocaleString('ja-JP')}件</p>
          <CatalogTable columns={COLUMNS} rows={items} rowKey={(service) => service.id} />
          <Pagination page={page} pageCount={pageCount} search={params.toString()} />
        </>
      )}
    </section>
  );
}
