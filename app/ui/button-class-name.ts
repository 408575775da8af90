import { cx } from './cx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large';

export type ButtonStyleProps = {
  variant?: ButtonVariant;
  /** docs/product/texts-timings-sizes.md#sizes: buttons default to medium. */
  size?: ButtonSize;
  fullWidth?: boolean;
};

/**
 * The class names of a button, for elements the Button component does not render itself, such
 * as the site's <Link> (app/ui/link.tsx) or the snack bar's plain actions, which every page
 * loads: `<Link className={buttonClassName()}>`.
 */
export function buttonClassName({ variant = 'primary', size = 'medium', fullWidth = false }: ButtonStyleProps = {}) {
  return cx(styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth);
}
