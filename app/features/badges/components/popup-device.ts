// What the badge popup needs to know of the device and of where the student is (issue 18): a
// phone gets the modal bottom sheet, a desktop the snack bar (docs/product/pages.md#route-table), and the sheet
// waits while the student types in a field. No React: the popup's hooks build on these.
import { PHONE_QUERY } from '../badge-popup-queue';

/** Whether the screen is a phone's, now. */
export function isPhone(): boolean {
  return window.matchMedia(PHONE_QUERY).matches;
}

/** Calls `notify` whenever the screen becomes or stops being a phone's; returns the unsubscribe. */
export function subscribePhone(notify: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

const NOT_TYPED_IN = ['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'];

/** Whether the element takes typed text: a field the student may be in the middle of filling. */
export function takesTyping(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  if (element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !element.readOnly && !NOT_TYPED_IN.includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}
