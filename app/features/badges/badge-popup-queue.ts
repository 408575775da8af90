// The badge popup's life cycle (SPEC.md section 4): load the newly acquired kinds; none → the
// next popup is allowed at once; some → report them as shown, then show the notification;
// closing removes it and allows the next. A popup asked for while another shows waits,
// checking every second.
import { displayAcquiredBadges, fetchAcquiredBadges, type AcquiredBadgeKind } from './badge-api-client';

export const BADGE_POPUP_CONTAINER_ID = 'js-badge-popup-container';
export const POPUP_POLL_MS = 1000;

type Listener = (kinds: AcquiredBadgeKind[] | null) => void;

let showing = false;
let current: AcquiredBadgeKind[] | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(current);
}

export function subscribeBadgePopup(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}

export function isBadgePopupShowing(): boolean {
  return showing;
}

async function run(): Promise<void> {
  showing = true;
  let kinds: AcquiredBadgeKind[];
  try {
    kinds = (await fetchAcquiredBadges()).badgeKinds;
    if (kinds.length === 0) {
      showing = false;
      return;
    }
    await displayAcquiredBadges({ badgeKindIds: kinds.map((kind) => kind.id) });
  } catch (error) {
    showing = false;
    // SPEC.md section 8: a failed badge fetch is rethrown, not handled.
    throw error;
  }
  current = kinds;
  emit();
}

/** Shows the popup now, or once no other popup is showing. Only on pages with the container. */
export function requestBadgePopup(): Promise<void> {
  if (typeof document === 'undefined' || !document.getElementById(BADGE_POPUP_CONTAINER_ID)) return Promise.resolve();
  if (!showing) return run();
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (showing) return;
      clearInterval(timer);
      run().then(resolve, reject);
    }, POPUP_POLL_MS);
  });
}

/** Called when the notification closes: it is removed and the next popup is allowed. */
export function closeBadgePopup(): void {
  current = null;
  showing = false;
  emit();
}
