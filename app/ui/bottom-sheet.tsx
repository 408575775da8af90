import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { cx } from './cx';
import { Overlay } from './overlay';
import { useIsClient } from './use-is-client';
import { usePresence } from './use-presence';
import styles from './bottom-sheet.module.css';

export type BottomSheetProps = {
  open: boolean;
  /** Called on Escape, on the 閉じる button and on a click on the overlay; the owner sets open to false. */
  onClose: () => void;
  /** The sheet's heading; it also names the dialog. */
  title: ReactNode;
  children: ReactNode;
  /** Actions kept in view under the scrolling content, e.g. 「キャンセル」「保存する」. */
  footer?: ReactNode;
  /** Where focus goes on open; by default the sheet itself, so reading starts at the title. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
};

/**
 * A modal dialog that slides up from the bottom: the full width of a phone, 640px on wider
 * screens (docs/product/texts-timings-sizes.md#sizes). Focus stays inside while it is open and returns to where it was.
 */
export function BottomSheet({ open, onClose, title, children, footer, initialFocusRef, className }: BottomSheetProps) {
  const isClient = useIsClient();
  const { rendered, closing, onAnimationEnd } = usePresence(open, '--duration-sheet', 300);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useEffectEvent(onClose);
  const focusTarget = useEffectEvent(() => initialFocusRef?.current ?? panelRef.current);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close and focusTarget are effect events (useEffectEvent), never dependencies.
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const token = {};
    openSheets.push(token);
    const isTop = () => openSheets.at(-1) === token;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusTarget()?.focus();
    const unlockScroll = lockBodyScroll();

    function onKeyDown(event: KeyboardEvent) {
      if (!isTop() || !panel) return;
      if (event.key === 'Escape') {
        // During Japanese IME conversion, Escape cancels the conversion, not the sheet.
        if (event.isComposing || event.keyCode === 229) return;
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    }
    // Focus can also leave by other means (a click on something above the overlay, script).
    function onFocusIn(event: FocusEvent) {
      if (isTop() && panel && event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openSheets.splice(openSheets.indexOf(token), 1);
      unlockScroll();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // isClient: the panel first exists after hydration when the sheet is open from the start.
  }, [open, isClient]);

  if (!isClient || !rendered) return null;
  return createPortal(
    <>
      <Overlay closing={closing} onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        inert={closing}
        className={cx(styles.sheet, closing && styles.closing, className)}
        onAnimationEnd={onAnimationEnd}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <Button variant="ghost" size="small" onClick={onClose} icon={<CloseIcon />} className={styles.close}>
            閉じる
          </Button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer != null && <div className={styles.footer}>{footer}</div>}
      </div>
    </>,
    document.body,
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" focusable="false">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

// Open sheets, innermost last: only the top one answers Escape and Tab when sheets are stacked.
const openSheets: object[] = [];

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]'));
}

/** Wraps Tab from the last element to the first and Shift+Tab from the first to the last. */
function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = focusableIn(panel);
  const first = items[0];
  const last = items.at(-1);
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const outside = !(active instanceof Node) || !panel.contains(active);
  if (event.shiftKey && (active === first || active === panel || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

function lockBodyScroll(): () => void {
  const { body, documentElement } = document;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  const scrollbarWidth = window.innerWidth - documentElement.clientWidth;
  body.style.overflow = 'hidden';
  // Fill the scrollbar's place so the page does not shift sideways (a 0 clientWidth means no layout, as in jsdom).
  if (documentElement.clientWidth > 0 && scrollbarWidth > 0) body.style.paddingRight = `${scrollbarWidth}px`;
  return () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}
