import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Pagination } from '../../../ui/pagination';
import { formatCount } from '../../../lib/format';
import type { PostListData } from '../load-post-list.server';
import type { ListScope } from '../list-filters';
import type { ListedPost } from '../list-posts.server';
import { QUESTION_MATCH_CAP } from '../question-search';
import { EmptyPostList, PostListControls } from './post-list-controls';
import { PostListItem } from './post-list-item';
import { QuestionGroups, QuestionHitItem } from './question-results';
import styles from './post-list-view.module.css';

/** The number line of a list: 「123件」, or 「1,000件以上」 past what a list counts. */
export function listCountText(data: PostListData): string {
  const result = data.searching ? data.questions : data.list;
  if (!result) return '';
  const unit = data.searching ? '問' : '件';
  return result.more ? `${result.total.toLocaleString('ja-JP')}${unit}以上` : formatCount(result.total, unit);
}

/**
 * The body of every post list page (a company's list of one type, /entry_sheets,
 * /intern_experiences): filters and sort, the ES questions by kind, the posts or the matching
 * questions, and the pages. `actions` draws each post's buttons (the route's クリップ and
 * 参考になった: posts know nothing of who reacted).
 */
export function PostListView({
  data,
  scope,
  label,
  showCompany,
  actions,
}: {
  data: PostListData;
  scope: ListScope;
  /** What the posts are called: 「インターンES」「ES」「インターン体験記」. */
  label: string;
  showCompany: boolean;
  actions: (post: { id: number; title: string; usefulCount: number }) => ReactNode;
}) {
  const location = useLocation();
  const { list, questions, query, searching } = data;
  const result = searching ? questions : list;
  return (
    <>
      <PostListControls scope={scope} query={query} facets={data.facets} industries={data.industries} />
      {data.queryMessage && (
        <p className={styles.message} role="status">
          {data.queryMessage}
        </p>
      )}
      {questions && (
        <QuestionGroups
          groups={questions.groups}
          title={searching ? '見つかった設問の傾向' : 'よく聞かれる設問'}
          note={
            questions.more
              ? `新しい${QUESTION_MATCH_CAP}問から集計しています。`
              : `${questions.total.toLocaleString('ja-JP')}問から集計しています。`
          }
        />
      )}
      {searching && questions ? (
        questions.hits.length === 0 ? (
          <EmptyPostList query={query} label="設問" />
        ) : (
          <ul className={styles.list} aria-label="見つかった設問">
            {questions.hits.map((hit) => (
              <QuestionHitItem
                key={`${hit.postId}-${hit.position}`}
                hit={hit}
                actions={actions({ id: hit.postId, title: hit.title, usefulCount: hit.usefulCount })}
              />
            ))}
          </ul>
        )
      ) : list && list.posts.length === 0 ? (
        <EmptyPostList query={query} label={label} />
      ) : (
        <ul className={styles.list}>
          {list?.posts.map((post: ListedPost) => (
            <PostListItem
              key={post.id}
              post={post}
              subjectName={showCompany ? post.companyName : undefined}
              showType={showCompany && scope.selection}
              actions={actions(post)}
            />
          ))}
        </ul>
      )}
      {result && <Pagination page={result.page} pageCount={result.pageCount} search={location.search} />}
      {result && 'more' in result && result.more && result.page === result.pageCount && (
        <p className={styles.message}>ここから先は、条件を絞り込むと表示できます。</p>
      )}
    </>
  );
}
