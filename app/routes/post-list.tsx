import { ENTRY_SHEET_SCOPE, INTERN_EXPERIENCE_SCOPE, postListSearch, type ListScope } from '../features/posts/list-filters';
import { loadPostList } from '../features/posts/load-post-list.server';
import { listCountText, PostListView } from '../features/posts/components/post-list-view';
import { ReactionButtons } from '../features/post-reactions/components/reaction-buttons';
import { originFromMatches, pageMeta } from '../lib/meta';
import { SHARED_PAGE } from '../lib/shared-page';
import { Breadcrumbs } from '../ui/breadcrumbs';
import type { Route } from './+types/post-list';
import styles from './company-posts.module.css';
import { AppError } from '../lib/app-error';

/** The same page for everyone (docs/decisions/030-shared-pages.md). */
export const handle = SHARED_PAGE;

type CrossList = { scope: ListScope; path: string; label: string; title: string; lead: string };

// The cross-company lists of issue 16: one module, its list taken from the URL (app/routes.ts).
const LISTS: Record<string, CrossList> = {
  entry_sheets: {
    scope: ENTRY_SHEET_SCOPE,
    path: '/entry_sheets',
    label: 'ES',
    title: 'ES（エントリーシート）を探す',
    lead: '全企業のインターンES・本選考ESを、設問（ガクチカ・志望動機・自己PRなど）や業界・年・結果で探せます。',
  },
  intern_experiences: {
    scope: INTERN_EXPERIENCE_SCOPE,
    path: '/intern_experiences',
    label: 'インターン体験記',
    title: 'インターン体験記を探す',
    lead: '全企業のインターン体験記を、業界・開催年・時期（夏・冬）・職種で絞り込み、新着順や参考になった順で読めます。',
  },
};

function listOf(request: Request): CrossList {
  const list = LISTS[new URL(request.url).pathname.split('/')[1] ?? ''];
  if (!list) throw new AppError('not_found');
  return list;
}

export async function loader({ request }: Route.LoaderArgs) {
  const list = listOf(request);
  const data = await loadPostList({ scope: list.scope, url: new URL(request.url) });
  return { key: list.path.slice(1), data };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const list = LISTS[data.key]!;
  const page = (data.data.list ?? data.data.questions)?.page ?? 1;
  const search = postListSearch(data.data.query, { page });
  const typed = data.data.query.q.trim();
  return pageMeta({
    title: `${typed ? `「${typed}」の設問の` : ''}${list.title}${page > 1 ? `（${page}ページ目）` : ''}`,
    description: list.lead,
    path: `${list.path}${search ? `?${search}` : ''}`,
    origin: originFromMatches(matches),
  });
}

export default function PostList({ loaderData }: Route.ComponentProps) {
  const list = LISTS[loaderData.key]!;
  const { data } = loaderData;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: list.title }]} />
      <h1 className={styles.title}>
        {list.title}
        <span className={styles.count}>{listCountText(data)}</span>
      </h1>
      <p className={styles.lead}>{list.lead}</p>
      <PostListView
        data={data}
        scope={list.scope}
        label={list.label}
        showCompany
        actions={(post) => <ReactionButtons postId={post.id} postTitle={post.title} usefulCount={post.usefulCount} size="small" />}
      />
    </main>
  );
}
