import { createContext, use, useCallback, useEffect, useEffectEvent, useMemo, useState, type Key, type ReactNode } from 'react';
import { buttonClassName } from './button-class-name';
import { cx } from './cx';
import { usePresence } from './use-presence';
import styles from './snack-bar.module.css';

// Plain elements with the button look: the snack bar is on every page, the Button component is not.
const actionClass = buttonClassName({ variant: 'ghost', size: 'small' });

export type SnackBarAction = {
  label: string;
  /** A link (e.g. 「バッジを確認する」 → /badges) instead of a button. */
  href?: string;
  onClick?: () => void;
};

export type SnackBarProps = {
  open: boolean;
  message: ReactNode;
  /** Called by the 閉じる button, after the action, and when autoHideMs has passed. */
  onClose?: () => void;
  action?: SnackBarAction;
  /** Calls onClose after this many milliseconds; paused while the pointer or focus is on the bar. */
  autoHideMs?: number;
  /** Shows the 閉じる button. Default: whenever onClose is given. */
  showClose?: boolean;
  /** A new key marks a new message: it restarts the auto-hide timer and the entrance. */
  messageKey?: Key;
  /** Something before the message, such as an emoji or an icon. */
  icon?: ReactNode;
  className?: string;
};

/**
 * A short message at the bottom of the screen, announced politely by screen readers. The live
 * region is always rendered (empty while closed) because a region that appears together with its
 * text is often not announced.
 */
export function SnackBar({
  open,
  message,
  onClose,
  action,
  autoHideMs,
  showClose = onClose !== undefined,
  messageKey,
  icon,
  className,
}: SnackBarProps) {
  const { rendered, closing, onAnimationEnd } = usePresence(open, '--duration-snackbar', 500);
  const [paused, setPaused] = useState(false);
  const close = useEffectEvent(() => onClose?.());

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (messageKey) restarts the timer; close is an effect event.
  useEffect(() => {
    if (!open || paused || autoHideMs === undefined) return;
    const timer = setTimeout(close, autoHideMs);
    return () => clearTimeout(timer);
  }, [open, paused, autoHideMs, messageKey]);

  function runAction() {
    action?.onClick?.();
    onClose?.();
  }

  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {rendered && (
        // biome-ignore lint/a11y/noStaticElementInteractions: hovering only pauses the auto-hide; nothing is activated.
        <div
          key={messageKey}
          className={cx(styles.bar, closing && styles.closing, className)}
          onAnimationEnd={onAnimationEnd}
          onPointerEnter={() => setPaused(true)}
          onPointerLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
          }}
        >
          {icon != null && (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          )}
          <div className={styles.message}>{message}</div>
          {(action || showClose) && (
            <div className={styles.actions}>
              {action &&
                (action.href !== undefined ? (
                  <a className={actionClass} href={action.href} onClick={runAction}>
                    {action.label}
                  </a>
                ) : (
                  <button type="button" className={actionClass} onClick={runAction}>
                    {action.label}
                  </button>
                ))}
              {showClose && (
                <button type="button" className={cx(actionClass, styles.close)} onClick={onClose}>
                  閉じる
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

export type ShowSnackBarOptions = {
  action?: SnackBarAction;
  /** Milliseconds before it hides; null keeps it until closed. Default: the provider's. */
  autoHideMs?: number | null;
  icon?: ReactNode;
};

type SnackBarApi = {
  show: (message: ReactNode, options?: ShowSnackBarOptions) => void;
  hide: () => void;
};

const SnackBarContext = createContext<SnackBarApi | null>(null);

type Shown = { key: number; message: ReactNode; options: ShowSnackBarOptions };

/**
 * One snack bar for everything below it: a newer message replaces the one on screen. Put it once
 * near the root; components call useSnackBar().show('保存しました').
 */
export function SnackBarProvider({ children, autoHideMs = 5000 }: { children: ReactNode; autoHideMs?: number }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: ReactNode, options: ShowSnackBarOptions = {}) => {
    setShown((previous) => ({ key: (previous?.key ?? 0) + 1, message, options }));
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);
  const api = useMemo(() => ({ show, hide }), [show, hide]);

  const hideAfter = shown?.options.autoHideMs === undefined ? autoHideMs : shown.options.autoHideMs;
  return (
    <SnackBarContext value={api}>
      {children}
      <SnackBar
        open={open}
        message={shown?.message}
        messageKey={shown?.key}
        action={shown?.options.action}
        icon={shown?.options.icon}
        autoHideMs={hideAfter ?? undefined}
        onClose={hide}
      />
    </SnackBarContext>
  );
}

export function useSnackBar(): SnackBarApi {
  const api = use(SnackBarContext);
  if (!api) throw new Error('useSnackBar() needs a <SnackBarProvider> above it.');
  return api;
}
