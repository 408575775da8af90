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
  return (
    <nav className={styles.tabs} aria-label={label}>
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
