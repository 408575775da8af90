// Text typed into a text area before React hydrated the page. React 19 sets a hydrated
// <textarea>'s value back to the text the server rendered (initTextarea), so a student who began
// correcting a post before the page's script ran lost what they typed (issue 27). The browser's
// entry records it (app/entry.client.tsx), and the text area puts it back when React attaches
// to it (app/ui/char-count.ts), before any effect reads the form.

const typed = new WeakMap<HTMLTextAreaElement, string>();

function record(event: Event) {
  const target = event.target;
  if (target instanceof HTMLTextAreaElement) typed.set(target, target.value);
}

let stop: (() => void) | null = null;

/** From now until hydration: what is in each text area (already typed, or typed meanwhile). */
export function watchTypingBeforeHydration(document: Document): void {
  for (const area of document.querySelectorAll('textarea')) if (area.value !== area.defaultValue) typed.set(area, area.value);
  document.addEventListener('input', record, true);
  stop = () => document.removeEventListener('input', record, true);
}

/** Hydration is done (the root's first effect): later typing is React's to handle. */
export function stopWatchingTyping(): void {
  stop?.();
  stop = null;
}

/** Puts back what was typed into `node` before hydration, once. */
export function restoreTypedBeforeHydration(node: HTMLTextAreaElement): void {
  const value = typed.get(node);
  if (value === undefined) return;
  typed.delete(node);
  if (node.value !== value) node.value = value;
}
