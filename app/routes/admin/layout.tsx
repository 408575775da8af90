import { privatePageHeaders } from '../../features/accounts/page-headers';
import { requireModerator } from '../../features/accounts/session-request.server';
import { AreaFrame } from '../../ui/area-frame';
import type { Route } from './+types/layout';
import styles from './admin.module.css';

// The frame of every /admin page (管理画面): one tab per part (a post under review, /admin/posts/…,
// is 審査待ち's). Every route under /admin is closed to all but moderators by
// server/moderator-area.ts; the loader asks again for the name.
const TABS = [
  { to: '/admin', label: '審査待ち' },
  { to: '/admin/reports', label: '通報' },
  { to: '/admin/companies', label: '企業' },
  { to: '/admin/services', label: '就活サービス' },
  { to: '/admin/employee_reviews', label: '社員クチコミ取込' },
  { to: '/admin/audit', label: '操作履歴' },
] as const;

export const headers = privatePageHeaders;

export function meta() {
  return [{ title: '管理画面 | シューログ' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireModerator(request);
  return { name: user.name };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AreaFrame
      wide
      heading={<p className={styles.area}>管理画面{loaderData.name ? `（${loaderData.name}）` : ''}</p>}
      tabs={TABS}
      label="管理画面のメニュー"
    />
  );
}
