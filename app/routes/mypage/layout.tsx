import { privatePageHeaders } from '../../features/accounts/page-headers';
import { requireStudent } from '../../features/accounts/session-request.server';
import { AreaFrame } from '../../ui/area-frame';
import type { Route } from './+types/layout';
import styles from './mypage.module.css';

// The frame of every /mypage page: the student's greeting and one tab per part of the page.
// Later parts add their tab and route here (docs/decisions/023-routes-by-area.md).
const TABS = [
  { to: '/mypage', label: 'プロフィール・希望条件' },
  { to: '/mypage/notifications', label: 'お知らせ' },
  { to: '/mypage/selections', label: '選考管理' },
  { to: '/mypage/favorite_companies', label: 'お気に入り企業' },
  { to: '/mypage/posts', label: '投稿' },
  { to: '/mypage/clips', label: 'クリップ' },
  { to: '/mypage/points', label: 'ポイント' },
  { to: '/mypage/account', label: 'アカウント設定' },
] as const;

export const headers = privatePageHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  // The session already knows the name: the frame costs no query of its own.
  const user = await requireStudent(request);
  return { name: user.name };
}

export default function MyPageLayout({ loaderData }: Route.ComponentProps) {
  const heading = (
    <>
      <h1 className={styles.title}>マイページ</h1>
      <p className={styles.greeting}>{loaderData.name ? `${loaderData.name}さん、こんにちは。` : 'ようこそ、シューログへ。'}</p>
    </>
  );
  return <AreaFrame heading={heading} tabs={TABS} label="マイページのメニュー" />;
}
