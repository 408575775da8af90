import { Link, type SitePath } from './link';
import styles from './breadcrumbs.module.css';

export type Crumb = { label: string; to?: SitePath };

/** The trail above a page's title; the last crumb is the current page (no link). */
export function Breadcrumbs({ items, className }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="パンくずリスト" className={`${styles.breadcrumbs} ${className ?? ''}`}>
      <ol>
        {items.map((item, index) =>
          index === items.length - 1 || !item.to ? (
            <li key={index} aria-current={index === items.length - 1 ? 'page' : undefined}>
              {item.label}
            </li>
          ) : (
            <li key={index}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
