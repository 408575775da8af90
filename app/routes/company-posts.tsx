import { getCompanyProfile } from '../features/companies/get-company-profile.server';
import { companyListScope, postListSearch } from '../features/posts/list-filters';
import { loadPostList } from '../features/posts/load-post-list.server';
import { postTypeBySlug } from '../features/posts/post-types';
import { listCountText, PostListView } from '../features/posts/components/post-list-view';
import { ReactionButtons } from '../features/post-reactions/components/reaction-buttons';
import { AppError } from '../lib/app-error';
import { parseId } from '../lib/http';
import { originFromMatches, pageMeta } from '../lib/meta';
import { Breadcrumbs } from '../ui/breadcrumbs';
import type { Route } from './+types/company-posts';
import styles from './company-posts.module.css';
import { SHARED_PAGE } from '../lib/shared-page';

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

export async function loader({ params, request }: Route.LoaderArgs) {
  const companyId = parseId(params.companyId);
  const info = postTypeBySlug(params.type);
  if (companyId === null || !info || info.key === 'recruit_service_review') {
    throw new AppError('not_found');
  }
  const company = await getCompanyProfile({ companyId });
  if (!company) throw new AppError('not_found');
  const scope = companyListScope(info.key);
  const data = await loadPostList({ scope, url: new URL(request.url), companyId });
  return { company: { id: company.id, name: company.name }, type: info, scope, data };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { company, type, data: list } = data;
  const page = (list.list ?? list.questions)?.page ?? 1;
  const pageSuffix = page > 1 ? `（${page}ページ目）` : '';
  const search = postListSearch(list.query, { page });
  return pageMeta({
    title: `${company.name}の${type.label}一覧${pageSuffix}`,
    description: `${company.name}の${type.label}（${listCountText(list)}）。先輩たちが投稿した${type.label}を、新着順・参考になった順に、年や結果で絞り込んで読めます。`,
    // One URL per list: the filters in a fixed order, defaults and unknown parameters left out.
    path: `/companies/${company.id}/${type.slug}${search ? `?${search}` : ''}`,
    origin: originFromMatches(matches),
  });
}

export default function CompanyPosts({ loaderData }: Route.ComponentProps) {
  const { company, type, scope, data } = loaderData;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: company.name, to: `/companies/${company.id}` }, { label: type.label }]} />
      <h1 className={styles.title}>
        {company.name}の{type.label}
        <span className={styles.count}>{listCountText(data)}</span>
      </h1>
      <PostListView
        data={data}
        scope={scope}
        label={type.label}
        showCompany={false}
        actions={(post) => <ReactionButtons postId={post.id} postTitle={post.title} usefulCount={post.usefulCount} size="small" />}
      />
    </main>
  );
}
