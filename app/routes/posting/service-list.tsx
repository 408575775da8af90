import { privatePageHeaders } from '../../features/accounts/page-headers';
import { requireStudent } from '../../features/accounts/session-request.server';
import { postingFormUrl } from '../../features/posting/writable-types';
import { listRecruitServices } from '../../features/recruit-services/list-recruit-services.server';
import { formatCount } from '../../lib/format';
import { privatePageMeta } from '../../lib/meta';
import { Breadcrumbs } from '../../ui/breadcrumbs';
import { Link } from '../../ui/link';
import type { Route } from './+types/service-list';
import styles from './posting.module.css';

// /recruit_service_reviews/recruit_service_list: the job-hunting service first, then the review
// form (docs/product/pages.md#posting-pages). Campaign parameters (utm_*) go on to the form.

export const headers = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStudent(request);
  const keep = new URLSearchParams([...new URL(request.url).searchParams].filter(([name]) => name.startsWith('utm_')));
  const services = await listRecruitServices();
  return {
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      category: service.category,
      reviewCount: service.reviewCount,
      href: postingFormUrl('recruit_service_review', { recruitServiceId: service.id, keep }),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '口コミを書く就活サービスを選ぶ', '口コミを書く就活サービスを選んでください。');
}

export default function ServiceListPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <div className={styles.inner}>
        <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: '就活サービス口コミを書く' }]} />
        <h1 className={styles.title}>口コミを書く就活サービスを選ぶ</h1>
        <p className={styles.lead}>使ったことのあるサービスを選ぶと、口コミの入力フォームに進みます。</p>
        {loaderData.services.length === 0 ? (
          <p className={styles.panel}>まだ就活サービスが登録されていません。</p>
        ) : (
          <ul className={styles.list}>
            {loaderData.services.map((service) => (
              <li key={service.id}>
                <Link to={service.href as `/${string}`} className={styles.serviceLink}>
                  <span>
                    <span className={styles.serviceName}>{service.name}</span>
                    <br />
                    <span className={styles.muted}>{service.category}</span>
                  </span>
                  <span className={styles.muted}>口コミ {formatCount(service.reviewCount, '件')}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
