import { privatePageHeaders } from '../../features/accounts/page-headers';
import { useEffect } from 'react';
import { data, Form, useNavigation, useSearchParams } from 'react-router';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireStudent } from '../../features/accounts/session-request.server';
import { forgetSentDrafts } from '../../lib/draft-storage';
import { deleteDraft } from '../../features/posting/drafts.server';
import { listMyPosts, type MyPost } from '../../features/posting/my-posts.server';
import { WRITABLE_TYPES } from '../../features/posting/writable-types';
import { REJECTION_REASON_LABELS } from '../../features/posts/labels';
import { postingEntryPath } from '../../features/posts/posting-routes';
import { POST_TYPES, postPath } from '../../features/posts/post-types';
import { AppError } from '../../lib/app-error';
import { formatDateTime } from '../../lib/format-date-time';
import { parseId } from '../../lib/http';
import { privatePageMeta } from '../../lib/meta';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Link } from '../../ui/link';
import { useSnackBar } from '../../ui/snack-bar';
import { KeepWords } from '../../ui/keep-words';
import type { Route } from './+types/posts';
import { readStudentForm } from './student-form.server';
import styles from './mypage.module.css';
import { KEPT_FOR_SESSION } from '../../lib/shared-page';

// /mypage/posts: the student's own posts with their status (the life cycle of docs/product/content.md#life-cycle),
// drafts to continue or delete, rejected posts to fix and send again.

export const headers = privatePageHeaders;
// Kept rendered for the session a few seconds (docs/decisions/072-session-pages-kept.md).
export const handle = KEPT_FOR_SESSION;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  return { userId: user.id, posts: await listMyPosts({ userId: user.id }) };
}

export async function action({ request }: Route.ActionArgs) {
  const { user, form, intent } = await readStudentForm(request);
  if (intent !== 'delete') throw new AppError('invalid_request');
  const postId = parseId(form.get('postId')?.toString());
  if (postId === null) throw new AppError('not_found');
  await deleteDraft({ userId: user.id, postId });
  return data({ ok: true as const, deleted: postId });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, '投稿一覧', 'あなたの投稿と下書きの一覧です。');
}

const STATES = ['draft', 'submitted', 'published', 'rejected'] as const;

const CHIP: Record<MyPost['state'], { label: string; className: keyof typeof styles }> = {
  draft: { label: '下書き', className: 'chipDraft' },
  submitted: { label: '審査中', className: 'chipSubmitted' },
  published: { label: '公開', className: 'chipPublished' },
  rejected: { label: '非承認', className: 'chipRejected' },
};

function PostRow({ post, deleting }: { post: MyPost; deleting: boolean }) {
  const chip = CHIP[post.state];
  const title = <KeepWords>{post.title || '（タイトル未入力）'}</KeepWords>;
  const editable = post.state === 'draft' || post.state === 'rejected' || (post.state === 'published' && post.revision !== 'submitted');
  const editLabel =
    post.state === 'draft' || post.revision === 'draft' ? '続きを書く' : post.state === 'rejected' ? '修正して再送信' : '編集する';
  const deletable = post.state === 'draft' || post.revision === 'draft';
  return (
    <li className={styles.post}>
      <div className={styles.postHead}>
        <span className={styles[chip.className]}>{chip.label}</span>
        <span className={styles.postType}>{POST_TYPES[post.type].label}</span>
      </div>
      <p className={styles.postTitle}>{post.state === 'published' ? <Link to={postPath(post.type, post.postId)}>{title}</Link> : title}</p>
      <p className={styles.postMeta}>
        {post.subjectName ?? (post.type === 'recruit_service_review' ? 'サービス未選択' : '企業未選択')}・{formatDateTime(post.changedAt)}
        {post.state === 'draft' ? '保存' : '更新'}
      </p>
      {post.revision === 'submitted' && (
        <p className={styles.postNote}>修正した内容を審査中です。承認されるまでは、公開中の内容が表示されます。</p>
      )}
      {post.revision === 'draft' && post.state === 'published' && (
        <p className={styles.postNote}>修正の下書きがあります（まだ送信していません）。</p>
      )}
      {post.rejection && (
        <div className={styles.postRejection}>
          <p>
            <strong>{post.state === 'published' ? '修正は非承認になりました。理由：' : '非承認の理由：'}</strong>
            {REJECTION_REASON_LABELS[post.rejection.reason]}
          </p>
          {post.rejection.note && <p className={styles.postRejectionNote}>{post.rejection.note}</p>}
        </div>
      )}
      {(editable || deletable) && (
        <div className={styles.postActions}>
          {editable && (
            <Button href={`/mypage/posts/${post.postId}/edit`} size="small">
              {editLabel}
            </Button>
          )}
          {deletable && (
            <details className={styles.confirm}>
              <summary className={styles.confirmSummary}>下書きを削除</summary>
              <Form method="post" className={styles.confirmBody}>
                <CsrfField />
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="postId" value={post.postId} />
                <p>
                  {post.state === 'draft'
                    ? 'この下書きを削除しますか？削除すると元に戻せません。'
                    : '修正の下書きを削除しますか？公開中の内容はそのまま残ります。'}
                </p>
                <Button type="submit" variant="danger" size="small" pending={deleting} disabledLabel="削除中…">
                  削除する
                </Button>
              </Form>
            </details>
          )}
        </div>
      )}
    </li>
  );
}

export default function MyPostsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, userId } = loaderData;
  const [params] = useSearchParams();
  const snackBar = useSnackBar();
  const navigation = useNavigation();
  const submitted = parseId(params.get('submitted'));
  const filter = STATES.find((state) => state === params.get('status')) ?? null;
  const shown = filter ? posts.filter((post) => post.state === filter) : posts;
  const counts = Object.fromEntries(STATES.map((state) => [state, posts.filter((post) => post.state === state).length]));
  const deletingId = navigation.state === 'submitting' ? parseId(navigation.formData?.get('postId')?.toString()) : null;

  useEffect(() => {
    if (submitted === null) return;
    // The browser's copy of a sent draft is not needed any more.
    forgetSentDrafts(userId, [submitted]);
    snackBar.show('投稿を審査に送信しました。公開されたらお知らせします。');
    // Sending may have earned submit badges (401–410): the popup announces them.
    void import('../../features/badges/badge-popup-queue').then((queue) => queue.requestBadgePopup());
  }, [submitted, snackBar, userId]);

  useEffect(() => {
    if (!actionData?.ok) return;
    forgetSentDrafts(userId, [actionData.deleted]);
    snackBar.show('下書きを削除しました');
  }, [actionData, snackBar, userId]);

  return (
    <>
      <Card as="section" title={`あなたの投稿（${posts.length}件）`} titleAs="h2" className={styles.card}>
        {posts.length > 0 && (
          <nav aria-label="状態で絞り込む" className={styles.filters}>
            <Link
              to="/mypage/posts"
              className={filter === null ? styles.filterActive : styles.filter}
              aria-current={filter === null ? 'page' : undefined}
            >
              すべて {posts.length}
            </Link>
            {STATES.map((state) => (
              <Link
                key={state}
                to={`/mypage/posts?status=${state}`}
                className={filter === state ? styles.filterActive : styles.filter}
                aria-current={filter === state ? 'page' : undefined}
              >
                {CHIP[state].label} {counts[state]}
              </Link>
            ))}
          </nav>
        )}
        {posts.length === 0 ? (
          <p className={styles.favoritesEmpty}>まだ投稿はありません。下の「投稿する」から、あなたの就活の体験を書いてみましょう。</p>
        ) : shown.length === 0 ? (
          <p className={styles.favoritesEmpty}>この状態の投稿はありません。「すべて」から一覧を見られます。</p>
        ) : (
          <ul className={styles.posts}>
            {shown.map((post) => (
              <PostRow key={post.postId} post={post} deleting={deletingId === post.postId} />
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" title="投稿する" titleAs="h2" className={styles.card}>
        <p className={styles.cardLead}>投稿は運営の審査のあと公開されます。</p>
        <ul className={styles.newPosts}>
          {WRITABLE_TYPES.map((type) => (
            <li key={type}>
              <Link to={postingEntryPath(type) as `/${string}`} className={styles.newPost}>
                {POST_TYPES[type].label}を書く
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
