import type { ReactNode } from 'react';
import styles from './auth-page.module.css';

/** The frame of the account pages: a calm centred card on the light gray surface. */
export function AuthPage({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </main>
  );
}

/** A message about the whole form (wrong password, too many attempts), announced when it appears. */
export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' }) {
  return (
    <div className={tone === 'error' ? styles.alertError : styles.alertSuccess} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export { styles as authStyles };
