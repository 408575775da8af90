import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './card.module.css';

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** The element: an article for a self-contained item, li inside a list (ul/ol) of cards. */
  as?: 'div' | 'article' | 'section' | 'li';
  title?: ReactNode;
  /** Heading level of the title, to fit the page outline. Default h3. */
  titleAs?: 'h2' | 'h3' | 'h4';
  /**
   * Makes the whole card a link to this URL. The title is the link (its text names it); its click
   * area is stretched over the card. Other buttons and links inside the card stay usable.
   */
  href?: string;
  /** A quieter line under the body, e.g. a date or counts (12件). */
  footer?: ReactNode;
  padding?: 'none' | 'medium';
};

/** A white surface with a small radius and a light border, the site's unit of grouped content. */
export function Card({
  as: Element = 'div',
  title,
  titleAs: Heading = 'h3',
  href,
  footer,
  padding = 'medium',
  className,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const labelled = title != null && (Element === 'section' || Element === 'article');
  return (
    <Element
      {...rest}
      aria-labelledby={rest['aria-labelledby'] ?? (labelled ? titleId : undefined)}
      className={cx(styles.card, padding === 'medium' && styles.padded, href && styles.linked, className)}
    >
      {title != null && (
        <Heading id={titleId} className={styles.title}>
          {href ? (
            <a href={href} className={styles.titleLink}>
              {title}
            </a>
          ) : (
            title
          )}
        </Heading>
      )}
      {href && title == null ? (
        <a href={href} className={styles.bodyLink}>
          {children}
        </a>
      ) : (
        children
      )}
      {footer != null && <div className={styles.footer}>{footer}</div>}
    </Element>
  );
}
