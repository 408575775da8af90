import { createContext, use, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { buttonClassName } from './button-class-name';
import { cx } from './cx';
import { enterLane, leaveLane, type LaneTicket } from './notice-lane';
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
  /**
   * Another notice waits for the lane: the pointer resting on the bar no longer holds it (focus
   * inside still does, for someone working it from the keyboard).
   */
  hurried?: boolean;
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
  hurried = false,
  className,
}: SnackBarProps) {
  const { rendered, closing, onAnimationEnd } = usePresence(open, '--duration-snackbar', 500);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = focused || (hovered && !hurried);
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
          // A finger on a phone does not rest on it: only a mouse pointer holds it.
          onPointerEnter={(event) => setHovered(event.pointerType !== 'touch')}
          onPointerLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
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
  /**
   * Names the message, so that `hide(key)` takes away this one only: an error whose retry has
   * succeeded (issue 27: 「お気に入りに登録できませんでした」 stayed beside the filled heart).
   */
  key?: string;
};

type SnackBarApi = {
  show: (message: ReactNode, options?: ShowSnackBarOptions) => void;
  /** Hides the message on screen or waiting its turn; with a key, only if it was shown with that key. */
  hide: (key?: string) => void;
};

const SnackBarContext = createContext<SnackBarApi | null>(null);

type Shown = { key: number; message: ReactNode; options: ShowSnackBarOptions };

/** A timed message that another notice waits behind stays this long more, then gives way. */
export const HURRIED_MS = 3000;
/** The snack bar animation of docs/product/texts-timings-sizes.md#timings (0.5 s), and a frame more: the lane is free once the message is gone. */
const EXIT_MS = 600;

/**
 * One snack bar for everything below it, in the screen's one notice lane (app/ui/notice-lane.ts):
 * a newer message takes the place of the one on screen, and a message never shows over the badge
 * notification (it waits its turn; one that stays until closed steps aside for it). Put it once
 * near the root; components call useSnackBar().show('保存しました').
 */
export function SnackBarProvider({ children, autoHideMs = 5000 }: { children: ReactNode; autoHideMs?: number }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const [hurried, setHurried] = useState(false);
  /** Bumped when a message steps aside: it goes at once, with no exit animation under the next notice. */
  const [steppedAside, setSteppedAside] = useState(0);
  const ticket = useRef<LaneTicket | null>(null);
  /** The message that has the lane, or waits for it. */
  const latest = useRef<Shown | null>(null);
  const count = useRef(0);

  const release = useCallback(() => {
    const mine = ticket.current;
    ticket.current = null;
    latest.current = null;
    setOpen(false);
    if (mine) setTimeout(() => leaveLane(mine), EXIT_MS);
  }, []);

  const show = useCallback((message: ReactNode, options: ShowSnackBarOptions = {}) => {
    count.current += 1;
    const entry: Shown = { key: count.current, message, options };
    // The message before goes; the new one takes the lane now, or after what already waits.
    const previous = ticket.current;
    latest.current = entry;
    setOpen(false);
    leaveLane(previous);
    ticket.current = enterLane({
      yields: options.autoHideMs === null,
      show: () => {
        setShown(entry);
        setHurried(false);
        setOpen(true);
      },
      hide: () => {
        setOpen(false);
        setSteppedAside((count) => count + 1);
      },
      hurry: () => setHurried(true),
    });
  }, []);

  const hide = useCallback(
    (key?: string) => {
      if (key !== undefined && latest.current?.options.key !== key) return;
      release();
    },
    [release],
  );
  const api = useMemo(() => ({ show, hide }), [show, hide]);
  // Gone with the page (tests, a remounted root): its turn goes to the next notice.
  useEffect(() => () => leaveLane(ticket.current), []);

  const configured = shown?.options.autoHideMs === undefined ? autoHideMs : shown.options.autoHideMs;
  const hideAfter = configured !== null && hurried ? Math.min(configured, HURRIED_MS) : configured;
  return (
    <SnackBarContext value={api}>
      {children}
      <SnackBar
        key={steppedAside}
        open={open}
        message={shown?.message}
        messageKey={shown?.key}
        action={shown?.options.action}
        icon={shown?.options.icon}
        autoHideMs={hideAfter ?? undefined}
        hurried={hurried}
        onClose={release}
      />
    </SnackBarContext>
  );
}

export function useSnackBar(): SnackBarApi {
  const api = use(SnackBarContext);
  if (!api) throw new Error('useSnackBar() needs a <SnackBarProvider> above it.');
  return api;
}
