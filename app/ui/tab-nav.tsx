import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Link, type SitePath } from './link';
import styles from './tab-nav.module.css';

export type Tab = { to: SitePath; label: string };

const within = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * The current tab of a path: the one whose path holds it most closely (/mypage/notifications/settings
 * is お知らせ's, /admin/posts/12 the area's first tab's), or none.
 */
export function currentTab(tabs: readonly Tab[], pathname: string): Tab | undefined {
  return tabs.filter((tab) => within(pathname, tab.to)).sort((a, b) => b.to.length - a.to.length)[0];
}

/** The tabs of an area's pages (/mypage, /admin): links, the current one marked for everyone. */
export function TabNav({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const { pathname } = useLocation();
  const marked = currentTab(tabs, pathname);
  const nav = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the current one is brought into view (centred), without
  // moving the page itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab follows the path.
  useEffect(() => {
    const bar = nav.current;
    const tab = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !tab || bar.scrollWidth <= bar.clientWidth) return;
    const barBox = bar.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    bar.scrollLeft += tabBox.left - barBox.left - (barBox.width - tabBox.width) / 2;
  }, [pathname]);
  return (
    <nav ref={nav} className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => {
        const current = tab === marked;
        return (
          <Link key={tab.to} to={tab.to} className={current ? styles.tabActive : styles.tab} aria-current={current ? 'page' : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
