import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import { Link } from '../../../ui/link';
import { BottomSheet } from '../../../ui/bottom-sheet';
import type { AcquiredBadgeKind } from '../badge-api-client';
import { BADGE_POPUP_CONTAINER_ID, closeBadgePopup, requestBadgePopup, subscribeBadgePopup } from '../badge-popup-queue';
import { BadgeIcon } from './badge-icon';
import styles from './badge-popup.module.css';

export const DESKTOP_AUTO_CLOSE_MS = 8000;
export const COPIED_BUBBLE_MS = 2000;
const PHONE_QUERY = '(max-width: 639px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(PHONE_QUERY);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/** The copy button's outcome: the bubble of SPEC.md, or the link to copy by hand. */
type CopyState = 'idle' | 'copied' | 'failed';

async function copyText(text: string): Promise<boolean> {
  try {
    // Missing on pages served without HTTPS, refused when the browser denies clipboard access.
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The configured public origin (PUBLIC_ORIGIN) that the root loader passes on. */
function usePublicOrigin(): string {
  return (useRouteLoaderData('root') as { origin?: string } | undefined)?.origin ?? '';
}

function ShareButtons({ badgeId, name, onNeedsTime }: { badgeId: number; name: string; onNeedsTime: () => void }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const manualRef = useRef<HTMLInputElement>(null);
  // The badge's own page, whose share card shows the medal (issue 18), at the configured public
  // address of the site (PUBLIC_ORIGIN), as every link the site sends out.
  const url = `${usePublicOrigin()}/badges/${badgeId}`;
  const text = `「${name}」バッジを獲得しました！ #シューログ`;
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_BUBBLE_MS);
    return () => clearTimeout(timer);
  }, [copy]);
  useEffect(() => {
    if (copy !== 'failed') return;
    manualRef.current?.focus();
    manualRef.current?.select();
  }, [copy]);
  const enc = encodeURIComponent;
  return (
    <>
      <div className={styles.share}>
        <a
          className={styles.shareLink}
          href={`https://x.com/intent/tweet?text=${enc(text)}&url=${enc(url)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          X
        </a>
        <a
          className={styles.shareLink}
          href={`https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Facebook
        </a>
        <a
          className={styles.shareLink}
          href={`https://social-plugins.line.me/lineit/share?url=${enc(url)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          LINE
        </a>
        <span className={styles.copyWrap}>
          <button
            type="button"
            className={styles.shareLink}
            onClick={async () => {
              const copied = await copyText(url);
              setCopy(copied ? 'copied' : 'failed');
              // The student needs time to copy the link by hand: the snack bar stays open.
              if (!copied) onNeedsTime();
            }}
          >
            リンクをコピー
          </button>
          {copy === 'copied' && (
            <span className={styles.bubble} role="status">
              リンクをコピーしました
            </span>
          )}
        </span>
      </div>
      {copy === 'failed' && (
        <div className={styles.manualCopy} role="alert">
          <p className={styles.manualCopyText}>
            このブラウザではリンクを自動でコピーできませんでした。下のリンクを選択（スマートフォンでは長押し）してコピーしてください。
          </p>
          <input
            ref={manualRef}
            className={styles.manualCopyInput}
            type="text"
            readOnly
            value={url}
            aria-label="バッジの獲得状況ページのリンク"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      )}
    </>
  );
}

function Message({ kinds }: { kinds: AcquiredBadgeKind[] }) {
  const last = kinds[kinds.length - 1]!;
  return (
    <div className={styles.message}>
      <BadgeIcon icon={last.icon} color={last.color} size="small" />
      <div>
        <p className={styles.title}>
          <span aria-hidden="true">🎉</span>「{last.name}」バッジを獲得しました
        </p>
        {kinds.length > 1 && <p className={styles.more}>他{kinds.length - 1}個のバッジ</p>}
        <Link to="/badges" className={styles.status} onClick={closeBadgePopup}>
          バッジの獲得状況を見る
        </Link>
      </div>
    </div>
  );
}

/** Whether the element takes typed text: a field the student may be in the middle of filling. */
function takesTyping(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) {
    return (
      !element.readOnly && !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(element.type)
    );
  }
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * True once focus is outside any field the student types in, and from then on: the phone's sheet
 * is modal and takes focus, so it waits for the student to leave the field (issue 18).
 */
function useFreeToTakeFocus(wanted: boolean): boolean {
  const [free, setFree] = useState(false);
  useEffect(() => {
    if (!wanted) {
      setFree(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (takesTyping(document.activeElement)) return;
      setFree(true);
      document.removeEventListener('focusout', later);
    };
    // On focusout the next element does not have focus yet: look once it has.
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(check, 0);
    };
    document.addEventListener('focusout', later);
    check();
    return () => {
      clearTimeout(timer);
      document.removeEventListener('focusout', later);
    };
  }, [wanted]);
  return free;
}

/**
 * The desktop snack bar is not modal: focus stays where the student is. The first Tab after it
 * appears goes into it (one step from wherever focus is, instead of dozens of Tab stops to the
 * end of the page); Escape or 閉じる from inside returns focus to where it came from (issue 18).
 */
function useReachableSnackBar(open: boolean) {
  const barRef = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  // Reads refs only: the same function for the whole life of the popup.
  const closeAndReturn = useCallback(() => {
    const inside = barRef.current?.contains(document.activeElement) ?? false;
    closeBadgePopup();
    if (!inside) return;
    if (returnTo.current?.isConnected) returnTo.current.focus();
    else (document.activeElement as HTMLElement | null)?.blur();
    returnTo.current = null;
  }, []);
  useEffect(() => {
    if (!open) return;
    let offered = true;
    const onKeyDown = (event: KeyboardEvent) => {
      const bar = barRef.current;
      if (!bar || event.defaultPrevented) return;
      const inside = bar.contains(document.activeElement);
      if (event.key === 'Escape' && inside) {
        event.preventDefault();
        closeAndReturn();
        return;
      }
      if (event.key !== 'Tab' || event.shiftKey || !offered) return;
      offered = false;
      // A modal dialog keeps Tab to itself.
      if (inside || document.querySelector('[aria-modal="true"]')) return;
      const first = bar.querySelector<HTMLElement>('a[href], button');
      if (!first) return;
      event.preventDefault();
      returnTo.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      first.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, closeAndReturn]);

  /** Focus came in some other way (Tab from the end of the page, a click): remember from where. */
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) returnTo.current = from;
  };
  return { barRef, onFocus, closeAndReturn };
}

/**
 * The badge-acquired notification (SPEC.md sections 2 and 4): a bottom sheet on phones, a snack
 * bar on desktop that closes itself after 8 s unless the pointer or focus is on it. Rendered for
 * logged-in students; it checks for new badges when the page loads.
 */
export function BadgePopup() {
  const [kinds, setKinds] = useState<AcquiredBadgeKind[] | null>(null);
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const phone = usePhone();
  const sheetMayOpen = useFreeToTakeFocus(kinds !== null && phone);
  const snackBar = useReachableSnackBar(kinds !== null && !phone);
  useEffect(
    () =>
      subscribeBadgePopup((next) => {
        setKinds(next);
        setPinned(false);
        setHovered(false);
        setFocused(false);
      }),
    [],
  );
  useEffect(() => {
    requestBadgePopup().catch((error: unknown) => console.error(error));
  }, []);
  // SPEC.md's 8 s for a snack bar left alone; a full 8 s again after the pointer or focus leaves.
  useEffect(() => {
    if (!kinds || phone || pinned || hovered || focused) return;
    const timer = setTimeout(closeBadgePopup, DESKTOP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [kinds, phone, pinned, hovered, focused]);
  const pin = () => setPinned(true);

  return (
    <div id={BADGE_POPUP_CONTAINER_ID}>
      {kinds && phone && sheetMayOpen && (
        <BottomSheet open onClose={closeBadgePopup} title="バッジを獲得しました">
          <Message kinds={kinds} />
          <ShareButtons badgeId={kinds[kinds.length - 1]!.id} name={kinds[kinds.length - 1]!.name} onNeedsTime={pin} />
        </BottomSheet>
      )}
      {kinds && !phone && (
        <div
          ref={snackBar.barRef}
          className={styles.snackBar}
          role="status"
          aria-live="polite"
          onPointerEnter={() => setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onFocus={(event) => {
            setFocused(true);
            snackBar.onFocus(event);
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          <Message kinds={kinds} />
          <ShareButtons badgeId={kinds[kinds.length - 1]!.id} name={kinds[kinds.length - 1]!.name} onNeedsTime={pin} />
          <button type="button" className={styles.close} onClick={snackBar.closeAndReturn} aria-label="閉じる">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
