// Where focus goes around the badge popup (issue 18): the phone's modal sheet waits for the
// student to leave the field they type in, and the desktop's snack bar, which is not modal, is one
// Tab away and gives focus back when it closes.
import { type FocusEvent, useCallback, useEffect, useRef, useState } from 'react';
import { closeBadgePopup } from '../badge-popup-queue';
import { takesTyping } from './popup-device';

/**
 * True once focus is outside any field the student types in, and from then on: the phone's sheet
 * is modal and takes focus, so it waits for the student to leave the field (issue 18).
 */
export function useFreeToTakeFocus(wanted: boolean): boolean {
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
export function useReachableSnackBar(open: boolean) {
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
