import type { NotificationKind } from '../../../db/enums';
import { formatDateTime } from '../../../lib/format-date-time';
import { KeepWords } from '../../../ui/keep-words';
import { Link } from '../../../ui/link';
import type { Notice } from '../notices.server';
import styles from './notice-list.module.css';

const KIND_LABELS: Record<NotificationKind, string> = {
  moderation: '審査結果',
  new_post: '新着投稿',
  reminder: '締切・予定',
  badge: 'バッジ',
};

const isEditLink = (link: string) => /^\/mypage\/posts\/\d+\/edit$/.test(link);

/**
 * Notices, newest first (/mypage/notifications, and the latest on /mypage): the kind, the time,
 * the title linking to what it is about, and its further lines. `unread` marks those the student
 * had not seen when the page opened. A refused post's notice offers 修正して再送信.
 */
export function NoticeList({ notices, unread }: { notices: Notice[]; unread: (notice: Notice) => boolean }) {
  return (
    <ul className={styles.list}>
      {notices.map((notice) => {
        const isUnread = unread(notice);
        const edit = isEditLink(notice.link);
        const [first, ...rest] = notice.detail ? notice.detail.split('\n') : [];
        return (
          <li key={notice.id} className={isUnread ? styles.unread : styles.notice}>
            <p className={styles.head}>
              <span className={styles[`kind_${notice.kind}`]}>{KIND_LABELS[notice.kind]}</span>
              {isUnread && <span className={styles.unreadMark}>未読</span>}
              <time className={styles.at} dateTime={new Date(notice.at).toISOString()}>
                {formatDateTime(notice.at)}
              </time>
            </p>
            <p className={styles.title}>
              {notice.link && !edit ? (
                <Link to={notice.link as `/${string}`}>
                  <KeepWords>{notice.title}</KeepWords>
                </Link>
              ) : (
                <KeepWords>{notice.title}</KeepWords>
              )}
            </p>
            {first && <p className={styles.detail}>{first}</p>}
            {rest.map((line, index) => (
              // Two lines may read the same (a note repeating the reason), and they never move: the place is the key.
              <p key={index} className={styles.note}>
                {line}
              </p>
            ))}
            {edit && (
              <p className={styles.note}>
                <Link to={notice.link as `/${string}`}>修正して再送信</Link>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export { styles as noticeStyles };
