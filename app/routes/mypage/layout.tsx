import { Outlet, useLocation } from 'react-router';
import { getMyProfile } from '../../features/accounts/get-my-profile.server';
import { requireStudent } from '../../features/accounts/session-request.server';
import { AppError } from '../../lib/app-error';
import { Link } from '../../ui/link';
import type { Route } from './+types/layout';
import styles from './mypage.module.css';

// The frame of every /mypage page: the student's greeting and one tab per part of the page.
// Later parts (投稿・ポイント・クリップ・選考管理) add their tab and route here
// (docs/decisions/023-routes-by-area.md).
const TABS = [
  { to: '/mypage', label: 'プロフィール・希望条件' },
  { to: '/mypage/favorite_companies', label: 'お気に入り企業' },
] as const;

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader({ request }: Route.LoaderArgs) {
  // The student's own data only: the id comes from the session, never from the request.
  const user = await requireStudent(request);
  const profile = await getMyProfile({ userId: user.id });
  if (!profile) throw new AppError('not_found');
  return { name: profile.name, profileCompleted: profile.profileCompletedAt !== null };
}

export default function MyPageLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <main className={styles.main}>
      <div className={styles.inner}>
        <h1 className={styles.title}>マイページ</h1>
        <p className={styles.greeting}>{loaderData.name ? `${loaderData.name}さん、こんにちは。` : 'ようこそ、シューログへ。'}</p>
        {!loaderData.profileCompleted && (
          <div className={styles.callout} role="status">
            <p className={styles.calloutTitle}>会員登録が完了しました</p>
            <p>まずはプロフィールを入力しましょう。体験記を投稿したときに「2027年卒・経済学部」のように表示されます。</p>
          </div>
        )}
        <nav className={styles.tabs} aria-label="マイページのメニュー">
          {TABS.map((tab) => {
            const current = pathname === tab.to;
            return (
              <Link
                key={tab.to}
                to={tab.to}
                className={current ? styles.tabActive : styles.tab}
                aria-current={current ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            );
          })}
        </nav>
        <Outlet />
      </div>
    </main>
  );
}
