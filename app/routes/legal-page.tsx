import type { ReactNode } from 'react';
import { originFromMatches, pageMeta } from '../lib/meta';
import styles from './legal.module.css';

// What the terms (/terms) and the privacy policy (/privacy) share: their meta tags and the
// document's frame with its title and dates. (Each loader reads CONTACT_EMAIL itself: a module the
// page's script loads may not import a .server one.)

export function legalMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  page: { title: string; description: string; path: string },
) {
  return pageMeta({ ...page, origin: originFromMatches(matches) });
}

export function LegalDocument({ title, dates, children }: { title: string; dates: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <article className={styles.document}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.dates}>{dates}</p>
        {children}
      </article>
    </main>
  );
}
