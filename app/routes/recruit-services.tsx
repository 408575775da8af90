import { Link } from '../ui/link';
import { listRecruitServices } from '../features/recruit-services/list-recruit-services.server';
import { formatCount } from '../lib/format';
import { originFromMatches, pageMeta } from '../lib/meta';
import { StarRating } from '../ui/star-rating';
import { NameText } from '../ui/name-text';
import type { Route } from './+types/recruit-services';
import styles from './recruit-services.module.css';
import { SHARED_PAGE } from '../lib/shared-page';

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

export async function loader() {
  return { services: await listRecruitServices() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: '就活サービスの口コミ・評判',
    description: '就活ナビ、逆求人、就活エージェントなど、就活サービスを実際に使った学生の口コミと評価をまとめています。',
    path: '/recruit_services',
    origin: originFromMatches(matches),
  });
}

export default function RecruitServices({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <h1>就活サービスの口コミ・評判</h1>
      <p className={styles.lead}>実際に使った学生の口コミから、自分に合う就活サービスを選びましょう。</p>
      {loaderData.services.length === 0 ? (
        <p className={styles.empty}>掲載している就活サービスはまだありません。</p>
      ) : (
        <ul className={styles.list}>
          {loaderData.services.map((service) => (
            <li key={service.id} className={styles.item}>
              <Link to={`/recruit_services/${service.id}`} className={styles.link}>
                <span className={styles.category}>{service.category}</span>
                <NameText className={styles.name}>{service.name}</NameText>
                <span className={styles.description}>{service.description}</span>
              </Link>
              <p className={styles.rating}>
                {service.averageRating === null ? (
                  <span className={styles.muted}>口コミはまだありません</span>
                ) : (
                  <>
                    <StarRating value={service.averageRating} size="small" showValue />
                    <span className={styles.muted}>口コミ {formatCount(service.reviewCount, '件')}</span>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
