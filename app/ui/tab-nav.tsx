import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Link, type SitePath } from './link';
import styles from './tab-nav.module.css';

export type Tab = {
  to: SitePath;
  label: string;
  /** Whether the tab is the current one for a path; by default only its own path. */
  current?: (pathname: string) => boolean;
};

/** The tabs of an area's pages (/mypage, /admin): links, the current one marked for everyone. */
export function TabNav({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const { pathname } = useLocation();
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
        const current = tab.current ? tab.current(pathname) : pathname === tab.to;
        return (
          <Link key={tab.to} to={tab.to} className={current ? styles.tabActive : styles.tab} aria-current={current ? 'page' : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
