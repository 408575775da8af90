import { privatePageHeaders } from '../../features/accounts/page-headers';
import { Outlet } from 'react-router';
import { requireModerator } from '../../features/accounts/session-request.server';
import { TabNav } from '../../ui/tab-nav';
import type { Route } from './+types/layout';
import styles from './admin.module.css';

// The frame of every /admin page (管理画面): one tab per part. Every route under /admin is closed
// to all but moderators by server/moderator-area.ts; the loader asks again for the name.
const TABS = [
  { to: '/admin', label: '審査待ち', current: (path: string) => path === '/admin' || path.startsWith('/admin/posts') },
  { to: '/admin/reports', label: '通報', current: (path: string) => path.startsWith('/admin/reports') },
  { to: '/admin/companies', label: '企業', current: (path: string) => path.startsWith('/admin/companies') },
  { to: '/admin/services', label: '就活サービス', current: (path: string) => path.startsWith('/admin/services') },
  { to: '/admin/employee_reviews', label: '社員クチコミ取込', current: (path: string) => path.startsWith('/admin/employee_reviews') },
  { to: '/admin/audit', label: '操作履歴', current: (path: string) => path.startsWith('/admin/audit') },
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
    <main id="main" tabIndex={-1} className={styles.main}>
      <div className={styles.inner}>
        <p className={styles.area}>管理画面{loaderData.name ? `（${loaderData.name}）` : ''}</p>
        <TabNav tabs={TABS} label="管理画面のメニュー" />
        <Outlet />
      </div>
    </main>
  );
}
