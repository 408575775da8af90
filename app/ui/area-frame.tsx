import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { cx } from './cx';
import { type Tab, TabNav } from './tab-nav';
import styles from './area-frame.module.css';

/**
 * The frame of an area's pages (/mypage, /admin): the page's main landmark, the area's heading,
 * one tab per part and the part's own page. `wide` for tables (the moderators' area).
 */
export function AreaFrame({
  heading,
  tabs,
  label,
  wide = false,
}: {
  heading: ReactNode;
  tabs: readonly Tab[];
  label: string;
  wide?: boolean;
}) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <div className={cx(styles.inner, wide && styles.wide)}>
        {heading}
        <TabNav tabs={tabs} label={label} />
        <Outlet />
      </div>
    </main>
  );
}
