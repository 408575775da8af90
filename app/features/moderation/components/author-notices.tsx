import { formatDateTime } from '../../../lib/format-date-time';
import { Card } from '../../../ui/card';
import { KeepWords } from '../../../ui/keep-words';
import { Link } from '../../../ui/link';
import { REJECTION_REASON_LABELS } from '../../posts/labels';
import { POST_TYPES, postPath } from '../../posts/post-types';
import { formatPoints } from '../../rewards/point-amounts';
import type { AuthorNotice } from '../list-author-notices.server';
import styles from './author-notices.module.css';

const HEADS: Record<AuthorNotice['kind'], string> = {
  approve: '投稿が公開されました',
  reject: '投稿を公開できませんでした',
  unpublish: '投稿の公開を停止しました',
};

/** お知らせ on /mypage: what moderators decided on the student's posts, newest first. */
export function AuthorNotices({ notices }: { notices: AuthorNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <Card as="section" title="お知らせ" titleAs="h2">
      <ul className={styles.notices}>
        {notices.map((notice) => (
          <li key={notice.id} className={notice.kind === 'approve' ? styles.published : styles.rejected}>
            <span className={styles.head}>
              {HEADS[notice.kind]}
              {notice.points ? `（+${formatPoints(notice.points)}）` : ''}
            </span>
            <span className={styles.title}>
              {POST_TYPES[notice.postType].label}：
              {notice.kind === 'approve' ? (
                <Link to={postPath(notice.postType, notice.postId)}>
                  <KeepWords>{notice.title || '（タイトルなし）'}</KeepWords>
                </Link>
              ) : (
                <KeepWords>{notice.title || '（タイトルなし）'}</KeepWords>
              )}
            </span>
            {notice.reason && <span>理由：{REJECTION_REASON_LABELS[notice.reason]}</span>}
            {notice.note && <span className={styles.note}>{notice.note}</span>}
            <span className={styles.meta}>
              {formatDateTime(notice.at)}
              {notice.kind !== 'approve' && (
                <>
                  ・<Link to={`/mypage/posts/${notice.postId}/edit`}>修正して再送信</Link>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/mypage/posts" className={styles.more}>
        投稿一覧を見る
      </Link>
    </Card>
  );
}
