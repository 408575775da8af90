import { useEffect, useRef, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { privatePageHeaders } from '../../features/accounts/page-headers';
import { CsrfField } from '../../features/accounts/components/csrf-field';
import { requireStudent } from '../../features/accounts/session-request.server';
import { listNotices, markNoticesRead, type Notice } from '../../features/notifications/notices.server';
import { AppError } from '../../lib/app-error';
import { privatePageMeta } from '../../lib/meta';
import { setPersonalParts, useLoadedPersonalParts } from '../../lib/personal-parts';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Link } from '../../ui/link';
import type { Route } from './+types/notifications';
import { readStudentForm } from './student-form.server';
import { NoticeList, noticeStyles as styles } from '../../features/notifications/components/notice-list';

export const headers = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudent(request);
  const page = Math.min(1000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1));
  const { notices, more } = await listNotices({ userId: user.id, page });
  return { notices, more, page };
}

// すべて既読にする, as a form (it works before the page's script has loaded).
export async function action({ request }: Route.ActionArgs) {
  const { user, intent } = await readStudentForm(request);
  if (intent !== 'read_all') throw new AppError('invalid_request');
  const marked = await markNoticesRead({ userId: user.id, ids: 'all' });
  return data({ ok: true as const, marked });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta(matches, 'お知らせ', '審査の結果、お気に入り企業の新着投稿、選考の締切、獲得したバッジのお知らせです。');
}

/**
 * Marks the notices shown unread as read once the page is seen, and brings the header's count
 * down with the answer. They stay marked 未読 on this page until the student leaves it.
 */
function useReadWhenSeen(notices: Notice[]) {
  const personal = useLoadedPersonalParts();
  const latest = useRef(personal);
  latest.current = personal;
  const hasPersonal = personal !== null;
  useEffect(() => {
    const ids = notices.filter((notice) => !notice.read).map((notice) => notice.id);
    if (ids.length === 0 || !hasPersonal) return;
    void import('../../lib/site-client').then(async ({ callSite }) => {
      const answer = await callSite<{ unread_notices: number }>('/api/v1/student/notifications/read', { method: 'POST', json: { ids } });
      if (answer.ok && latest.current) setPersonalParts({ ...latest.current, unreadNotices: answer.data.unread_notices });
    });
  }, [notices, hasPersonal]);
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { notices, more, page } = loaderData;
  // Unread when the page was opened: marked so while it stays open.
  const [unreadWhenOpened] = useState(() => new Set(notices.filter((notice) => !notice.read).map((notice) => notice.id)));
  useReadWhenSeen(notices);
  const personal = useLoadedPersonalParts();
  const submitting = useNavigation().state === 'submitting';
  useEffect(() => {
    if (actionData?.ok && personal && personal.unreadNotices !== 0) setPersonalParts({ ...personal, unreadNotices: 0 });
  }, [actionData, personal]);
  // Once the page's own call has read them, nothing is left to mark (the header's count says so).
  const anyUnread = notices.some((notice) => !notice.read) && !actionData?.ok && (personal?.unreadNotices ?? 1) > 0;
  return (
    <Card as="section" title="お知らせ" titleAs="h2" className={styles.card}>
      <div className={styles.tools}>
        <Link to="/mypage/notifications/settings" className={styles.settingsLink}>
          通知の設定
        </Link>
        {anyUnread && (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="read_all" />
            <Button type="submit" variant="secondary" size="small" pending={submitting} disabledLabel="既読にしています…">
              すべて既読にする
            </Button>
          </Form>
        )}
      </div>
      {actionData?.ok && (
        <p className={styles.done} role="status">
          すべてのお知らせを既読にしました。
        </p>
      )}
      {notices.length === 0 ? (
        <p className={styles.empty}>
          まだお知らせはありません。企業をお気に入りに登録すると、その企業に新しい体験記が投稿されたときにお知らせします。
          <Link to="/companies">企業を探す</Link>
        </p>
      ) : (
        <NoticeList notices={notices} unread={(notice) => unreadWhenOpened.has(notice.id) && !actionData?.ok} />
      )}
      {(page > 1 || more) && (
        <nav className={styles.pages} aria-label="お知らせのページ">
          {page > 1 && <Link to={page === 2 ? '/mypage/notifications' : `/mypage/notifications?page=${page - 1}`}>新しいお知らせ</Link>}
          {more && <Link to={`/mypage/notifications?page=${page + 1}`}>以前のお知らせ</Link>}
        </nav>
      )}
    </Card>
  );
}
