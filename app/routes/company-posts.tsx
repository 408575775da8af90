import { useLocation } from 'react-router';
import { Link } from '../ui/link';
import { getCompanyProfile } from '../features/companies/get-company-profile.server';
import { listCompanyPosts } from '../features/posts/list-company-posts.server';
import { postTypeBySlug } from '../features/posts/post-types';
import { PostListItem } from '../features/posts/components/post-list-item';
import { formatCount } from '../lib/format';
import { parseId } from '../lib/http';
import { originFromMatches, pageMeta } from '../lib/meta';
import { Pagination } from '../ui/pagination';
import { Breadcrumbs } from '../ui/breadcrumbs';
import type { Route } from './+types/company-posts';
import styles from './company-posts.module.css';
import { SHARED_PAGE } from '../lib/shared-page';

const PER_PAGE = 20;

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

export async function loader({ params, request }: Route.LoaderArgs) {
  const companyId = parseId(params.companyId);
  const info = postTypeBySlug(params.type);
  if (companyId === null || !info || info.key === 'recruit_service_review') {
    throw new Response('Not Found', { status: 404 });
  }
  const company = await getCompanyProfile({ companyId });
  if (!company) throw new Response('Not Found', { status: 404 });
  const page = parseId(new URL(request.url).searchParams.get('page')) ?? 1;
  const list = await listCompanyPosts({ companyId, type: info.key, page, perPage: PER_PAGE });
  return { company: { id: company.id, name: company.name }, type: info, list };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { company, type, list } = data;
  const pageSuffix = list.page > 1 ? `（${list.page}ページ目）` : '';
  return pageMeta({
    title: `${company.name}の${type.label}一覧${pageSuffix}`,
    description: `${company.name}の${type.label}（${list.total}件）。先輩たちが投稿した${type.label}を新しい順に読めます。`,
    path: `/companies/${company.id}/${type.slug}${list.page > 1 ? `?page=${list.page}` : ''}`,
    origin: originFromMatches(matches),
  });
}

export default function CompanyPosts({ loaderData }: Route.ComponentProps) {
  const { company, type, list } = loaderData;
  const location = useLocation();
  return (
    <main className={styles.main}>
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: company.name, to: `/companies/${company.id}` }, { label: type.label }]} />
      <h1 className={styles.title}>
        {company.name}の{type.label}
        <span className={styles.count}>{formatCount(list.total, '件')}</span>
      </h1>
      {list.posts.length === 0 ? (
        <p className={styles.empty}>
          {type.label}はまだありません。<Link to={`/companies/${company.id}`}>企業ページに戻る</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {list.posts.map((post) => (
            <PostListItem key={post.id} post={{ ...post, type: type.key }} />
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} search={location.search} />
    </main>
  );
}
