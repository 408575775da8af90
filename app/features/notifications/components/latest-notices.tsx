import { Card } from '../../../ui/card';
import { Link } from '../../../ui/link';
import type { Notice } from '../notices.server';
import { NoticeList, noticeStyles } from './notice-list';

/**
 * お知らせ on /mypage: the newest unread notices (a few), and the way to all of them. Nothing when
 * everything has been read: the profile stays at the top of the page.
 */
export function LatestNotices({ notices, more }: { notices: Notice[]; more: boolean }) {
  if (notices.length === 0) return null;
  return (
    <Card as="section" title="未読のお知らせ" titleAs="h2">
      <NoticeList notices={notices} unread={() => true} />
      <Link to="/mypage/notifications" className={noticeStyles.more}>
        {more ? 'ほかのお知らせも見る' : 'すべてのお知らせを見る'}
      </Link>
    </Card>
  );
}
