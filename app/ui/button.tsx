import { useEffect, useState, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';
import { buttonClassName, type ButtonSize, type ButtonStyleProps, type ButtonVariant } from './button-class-name';
import { cx } from './cx';
import styles from './button.module.css';

export { buttonClassName, type ButtonSize, type ButtonVariant };

type CommonProps = ButtonStyleProps & {
  /** An icon before the label; it is hidden from assistive technology, so the label must say it all. */
  icon?: ReactNode;
  children?: ReactNode;
};

export type ButtonProps = CommonProps &
  Omit<ComponentPropsWithRef<'button'>, 'children'> & {
    href?: undefined;
    /**
     * After a click the button becomes disabled and shows this label (e.g. 「送信中…」), so a
     * double click cannot send twice. A submit button turns only once its form really submits.
     */
    disabledLabel?: string;
    /**
     * Controls the busy state instead of the click, e.g. `pending={navigation.state !== 'idle'}`
     * with React Router's <Form>, so the button comes back when the action returns errors.
     */
    pending?: boolean;
  };

export type LinkButtonProps = CommonProps &
  Omit<ComponentPropsWithRef<'a'>, 'children'> & {
    /** Renders an <a>: a navigation that looks like a button. */
    href: string;
    disabled?: boolean;
  };

export function Button(props: ButtonProps | LinkButtonProps) {
  return props.href !== undefined ? <LinkButton {...props} /> : <NativeButton {...props} />;
}

function LinkButton({ variant, size, fullWidth, icon, children, className, disabled, href, ...rest }: LinkButtonProps) {
  const classes = cx(buttonClassName({ variant, size, fullWidth }), className);
  // A link cannot be disabled; without href it is no longer focusable nor followed.
  if (disabled) {
    return (
      <a {...rest} className={classes} role="link" aria-disabled="true">
        <Content icon={icon}>{children}</Content>
      </a>
    );
  }
  return (
    <a {...rest} href={href} className={classes}>
      <Content icon={icon}>{children}</Content>
    </a>
  );
}

function NativeButton({
  variant,
  size,
  fullWidth,
  icon,
  children,
  className,
  disabled,
  disabledLabel,
  pending,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const [clicked, setClicked] = useState(false);
  const busy = pending ?? clicked;
  const showBusy = busy && disabledLabel !== undefined;

  // A page restored from the back/forward cache would otherwise come back with the button stuck.
  useEffect(() => {
    if (!clicked) return;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setClicked(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [clicked]);

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    onClick?.(event);
    if (disabledLabel === undefined || pending !== undefined || event.defaultPrevented) return;
    const button = event.currentTarget;
    const form = button.form;
    if (button.type !== 'submit' || !form) {
      setClicked(true);
      return;
    }
    // Disabling the submitter now would, in some browsers, cancel the submission and would drop
    // its name/value from the form data; and the browser may still refuse to submit (a required
    // field is empty), which must leave the button usable. So wait for the submit event, then
    // disable after the form data has been collected.
    const onSubmit = () => {
      setTimeout(() => setClicked(true), 0);
    };
    form.addEventListener('submit', onSubmit, { once: true });
    // The submit event, when there is one, fires within this click's task.
    setTimeout(() => form.removeEventListener('submit', onSubmit), 0);
  }

  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || busy}
      onClick={handleClick}
      className={cx(buttonClassName({ variant, size, fullWidth }), className)}
    >
      {showBusy ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          <span>{disabledLabel}</span>
        </>
      ) : (
        <Content icon={icon}>{children}</Content>
      )}
    </button>
  );
}

function Content({ icon, children }: { icon?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {icon != null && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      {children != null && <span>{children}</span>}
    </>
  );
}
