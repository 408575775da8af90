import { useLocation } from 'react-router';
import { Link, type SitePath } from './link';
import styles from './pagination.module.css';

/** The page numbers to show: first, last, and two around the current one, with gaps. */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const n of sorted) {
    const last = result[result.length - 1];
    if (typeof last === 'number' && n - last > 1) result.push('gap');
    result.push(n);
  }
  return result;
}

/** Page links that keep the rest of the query (filters, sort) as it is; works without JavaScript. */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  // Absolute links: the page's own path with another page number.
  const pathname = useLocation().pathname as SitePath;
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete('page');
    else params.set('page', String(n));
    const query = params.toString();
    return query ? (`${pathname}?${query}` as const) : pathname;
  };
  return (
    <nav className={styles.pagination} aria-label="ページ送り">
      {page > 1 ? (
        <Link to={href(page - 1)} className={styles.step} rel="prev">
          前へ
        </Link>
      ) : (
        <span className={styles.stepDisabled} aria-hidden="true">
          前へ
        </span>
      )}
      <ol className={styles.pages}>
        {pageWindow(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className={styles.current} aria-current="page">
                  {n}
                </span>
              ) : (
                <Link to={href(n)} className={styles.page} aria-label={`${n}ページ目`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={styles.step} rel="next">
          次へ
        </Link>
      ) : (
        <span className={styles.stepDisabled} aria-hidden="true">
          次へ
        </span>
      )}
    </nav>
  );
}
