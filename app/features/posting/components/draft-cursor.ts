// The cursor of the posting form, kept apart from the text (a small write on every move) and put
// back where it was after a reload or a restore, never while the student already types.
import { type RefObject, useEffect } from 'react';
import { type DraftCursor, readCursor } from '../../../lib/draft-storage';
import { listen } from '../../../lib/listen';
import type { DraftAutosave } from '../draft-autosave';
import { isReload } from './form-reading';

/**
 * Puts the cursor back where it was (the field and the selection), after a reload or a restore
 * of unsaved text; never while the student already is in a field (typing before hydration).
 */
export function restoreCursor(form: HTMLFormElement, cursor: DraftCursor | null) {
  if (!cursor) return;
  const active = document.activeElement;
  if (active && active !== document.body && form.contains(active)) return;
  const field = form.elements.namedItem(cursor.name);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  field.focus({ preventScroll: false });
  try {
    field.setSelectionRange(cursor.start, cursor.end);
  } catch {
    // Not a text field (a date or a number): the focus is enough.
  }
}

/** After a reload, the cursor of the copy under `storageKey` goes back into the form. */
export function restoreCursorAfterReload(form: HTMLFormElement, storageKey: string) {
  if (isReload()) restoreCursor(form, readCursor(storageKey));
}

/** The field the cursor is in and its selection, or null outside text fields. */
export function cursorOf(target: EventTarget | null): DraftCursor | null {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) || !target.name) return null;
  try {
    return { name: target.name, start: target.selectionStart ?? 0, end: target.selectionEnd ?? 0 };
  } catch {
    // Inputs without a selection (number, date).
    return { name: target.name, start: 0, end: 0 };
  }
}

/** Every move of the cursor in the form (a key, a click, a field entered) goes to the engine. */
export function useCursorTracking(
  formRef: RefObject<HTMLFormElement | null>,
  engineRef: RefObject<Pick<DraftAutosave, 'moveCursor'> | null>,
) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const trackCursor = (event: Event) => {
      const cursor = cursorOf(event.target);
      if (cursor) engineRef.current?.moveCursor(cursor);
    };
    return listen(form, ['keyup', 'click', 'focusin'], trackCursor);
  }, [formRef, engineRef]);
}
