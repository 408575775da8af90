import type { ComponentPropsWithRef } from 'react';
import { cx } from './cx';
import styles from './sticky-bottom-bar.module.css';

export type StickyBottomBarProps = ComponentPropsWithRef<'div'> & {
  /**
   * How the actions share the bar on a phone: 'stretch' gives each the same width (the default),
   * 'end' keeps their own width at the right.
   */
  align?: 'stretch' | 'end';
};

/**
 * The page's main actions (e.g. 「下書き保存」「投稿する」), always within thumb reach.
 *
 * Below 768px it is fixed to the bottom of the viewport, above the home indicator. The page needs
 * no spacer: while a bar is on the page, the body gets bottom padding of the bar's height (see the
 * CSS), and SnackBar moves up above it. From 768px it is sticky at the bottom of its container,
 * so place it as the last child of the form or section it acts on.
 */
export function StickyBottomBar({ align = 'stretch', className, children, ...rest }: StickyBottomBarProps) {
  return (
    <div {...rest} data-sticky-bottom-bar="" className={cx(styles.bar, styles[align], className)}>
      {children}
    </div>
  );
}
