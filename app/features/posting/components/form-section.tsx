import type { ReactNode } from 'react';
import styles from './post-form.module.css';

/** One group of a posting form's fields, under its heading. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {description && <p className={styles.sectionDescription}>{description}</p>}
      <div className={styles.fields}>{children}</div>
    </section>
  );
}
