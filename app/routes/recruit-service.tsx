import { useLocation } from 'react-router';
import { Link } from '../ui/link';
import { postPath } from '../features/posts/post-types';
import { getRecruitService } from '../features/recruit-services/list-recruit-services.server';
import { listServiceReviews } from '../features/recruit-services/list-service-reviews.server';
import { formatCount } from '../lib/format';
import { parseId } from '../lib/http';
import { originFromMatches, pageMeta } from '../lib/meta';
import { Pagination } from '../ui/pagination';
import { StarRating } from '../ui/star-rating';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { EntryHeading } from '../ui/entry-heading';
import type { Route } from './+types/recruit-service';
import styles from './recruit-service.module.css';
import { SHARED_PAGE } from '../lib/shared-page';
import { AppError } from '../lib/app-error';
import { DateText } from '../ui/date-text';

const PER_PAGE = 20;

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

export async function loader({ params, request }: Route.LoaderArgs) {
  const serviceId = parseId(params.serviceId);
  const service = serviceId === null ? null : await getRecruitService({ serviceId });
  if (!service) throw new AppError('not_found');
  const page = parseId(new URL(request.url).searchParams.get('page')) ?? 1;
  const reviews = await listServiceReviews({ serviceId: service.id, page, perPage: PER_PAGE });
  return { service, reviews };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { service } = data;
  return pageMeta({
    title: `${service.name}の口コミ・評判`,
    description: `${service.name}（${service.category}）を使った学生の口コミ${service.reviewCount}件。${service.description}`.slice(0, 120),
    path: `/recruit_services/${service.id}`,
    origin: originFromMatches(matches),
  });
}

export default function RecruitService({ loaderData }: Route.ComponentProps) {
  const { service, reviews } = loaderData;
  const location = useLocation();
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: '就活サービス', to: '/recruit_services' }, { label: service.name }]} />
      <header className={styles.head}>
        <EntryHeading name={service.name} kana={service.kana} />
        <p className={styles.category}>{service.category}</p>
        <p>{service.description}</p>
        <div className={styles.summary}>
          {service.averageRating === null ? (
            <span className={styles.muted}>口コミはまだありません</span>
          ) : (
            <>
              <StarRating value={service.averageRating} showValue />
              <span className={styles.muted}>口コミ {formatCount(service.reviewCount, '件')}の平均</span>
            </>
          )}
        </div>
        {service.url && (
          <a href={service.url} rel="nofollow noopener noreferrer" target="_blank" className={styles.url}>
            公式サイトを見る
          </a>
        )}
      </header>
      <h2 className={styles.sectionTitle}>口コミ（{formatCount(reviews.total, '件')}）</h2>
      {reviews.reviews.length === 0 ? (
        <p className={styles.empty}>まだ口コミがありません。使ったことがあれば、最初の口コミを書いてみませんか。</p>
      ) : (
        <ul className={styles.list}>
          {reviews.reviews.map((review) => (
            <li key={review.id} className={styles.item}>
              <Link to={postPath('recruit_service_review', review.id)} className={styles.link}>
                <span className={styles.title}>{review.title}</span>
                <span className={styles.excerpt}>{review.excerpt}</span>
              </Link>
              <p className={styles.meta}>
                {review.rating !== null && <StarRating value={review.rating} size="small" showValue />}
                <DateText value={review.publishedAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={reviews.page} pageCount={reviews.pageCount} search={location.search} />
    </main>
  );
}
