import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import styles from './overlay.module.css';

export type OverlayProps = Omit<ComponentPropsWithRef<'div'>, 'children'> & {
  /** Plays the fade-out; the owner unmounts the overlay when its own exit ends. */
  closing?: boolean;
};

/**
 * The dimmed backdrop behind a modal. It is only a pointer target (a click usually closes the
 * modal); keyboard users close with Escape or the modal's own close button, so it stays hidden
 * from assistive technology.
 */
export function Overlay({ closing = false, className, ...rest }: OverlayProps) {
  return <div {...rest} aria-hidden="true" className={cx(styles.overlay, closing && styles.closing, className)} />;
}
