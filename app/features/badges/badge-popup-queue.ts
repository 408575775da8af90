// The badge popup's life cycle (docs/product/badges.md#announcing-new-badges): load the newly acquired kinds; none → the
// next popup is allowed at once; some → report them as shown, then show the notification;
// closing removes it and allows the next. A popup asked for while another shows waits,
// checking every second.
//
// Issue 27: the popup takes its turn in the screen's one notice lane (app/ui/notice-lane.ts), so a
// message such as 「投稿を審査に送信しました」 never covers it; it asks for the badges only once it
// has its turn, so nothing is marked shown that the student could not see. On a phone, badges
// earned by merely opening a page (reading badges: 103 and 201–208) do not open the modal sheet
// over the page just opened: a small bar says so, gathering those earned while it stays, and
// 「見る」 opens them all in one sheet (docs/decisions/045-notices-and-badges.md).
//
// A popup belongs to the session it was asked for in: a request still waiting for its turn when
// the student logs out in this tab asks for nothing, and a fetch that the logout overtook (answered
// 401 once the session's cookies are gone) ends quietly; every other failure is rethrown.
import { hasSessionHint } from '../../lib/personal-parts';
import { CallError } from '../../lib/site-client';
import { enterLane, leaveLane, type LaneNotice, type LaneTicket } from '../../ui/notice-lane';
import { displayAcquiredBadges, fetchAcquiredBadges, type AcquiredBadgeKind } from './badge-api-client';

export const BADGE_POPUP_CONTAINER_ID = 'js-badge-popup-container';
export const POPUP_POLL_MS = 1000;
/** Below this width the notification is the bottom sheet (docs/product/badges.md#announcing-new-badges). */
export const PHONE_QUERY = '(max-width: 639px)';

/**
 * What is on screen: `notice` is the notification of docs/product/badges.md#announcing-new-badges (the sheet on a phone, the snack bar on a
 * desktop); `gathered` is the phone's small bar of reading badges.
 */
export type BadgePresentation = { mode: 'notice' | 'gathered'; kinds: AcquiredBadgeKind[] };

type Listener = (presentation: BadgePresentation | null) => void;

let showing = false;
let current: BadgePresentation | null = null;
/** The notification's turn in the lane. */
let noticeTicket: LaneTicket | null = null;
/** The small bar's turn, and the reading badges it holds. */
let gatheredTicket: LaneTicket | null = null;
let gathered: AcquiredBadgeKind[] = [];
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

/** Badges earned by opening a page (rules.ts: company_viewed, post_viewed). */
export function isReadingBadge(id: number): boolean {
  return id === 103 || (id >= 201 && id <= 208);
}

function onPhone(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;
}

/** Resolves once the notice has its turn in the lane. */
function waitForTurn(notice: Omit<LaneNotice, 'show'>): Promise<LaneTicket> {
  return new Promise((resolve) => {
    let ticket: LaneTicket | null = null;
    let started = false;
    ticket = enterLane({
      ...notice,
      show: () => {
        started = true;
        if (ticket) resolve(ticket);
      },
    });
    if (started) resolve(ticket);
  });
}

function merge(first: AcquiredBadgeKind[], then: AcquiredBadgeKind[]): AcquiredBadgeKind[] {
  const seen = new Set(then.map((kind) => kind.id));
  return [...first.filter((kind) => !seen.has(kind.id)), ...then];
}

/**
 * The notification of docs/product/badges.md#announcing-new-badges in its turn. The desktop's snack bar steps aside for a message (the answer
 * to what the student just did comes first) and comes back after it for a full 8 s; the phone's
 * sheet is modal, so messages wait until it is closed.
 */
function showNotice(kinds: AcquiredBadgeKind[]) {
  noticeTicket = enterLane({
    yields: !onPhone(),
    show: () => {
      current = { mode: 'notice', kinds };
      emit();
    },
    hide: () => {
      current = null;
      emit();
    },
  });
}

/** The phone's small bar, which steps aside for any other notice and comes back after it. */
function showGathered() {
  gatheredTicket = enterLane({
    yields: true,
    show: () => {
      current = { mode: 'gathered', kinds: gathered };
      emit();
    },
    hide: () => {
      current = null;
      emit();
    },
  });
}

async function run(): Promise<void> {
  showing = true;
  const turn = await waitForTurn({ yields: false, hide: () => {} });
  if (!hasSessionHint()) {
    showing = false;
    leaveLane(turn);
    return;
  }
  let kinds: AcquiredBadgeKind[];
  try {
    kinds = (await fetchAcquiredBadges()).badgeKinds;
    if (kinds.length === 0) {
      showing = false;
      leaveLane(turn);
      return;
    }
    await displayAcquiredBadges({ badgeKindIds: kinds.map((kind) => kind.id) });
  } catch (error) {
    showing = false;
    leaveLane(turn);
    if (error instanceof CallError && error.status === 401 && !hasSessionHint()) return;
    // docs/product/calls.md#errors: a failed badge fetch is rethrown, not handled.
    throw error;
  }
  // The small bar stepped aside for this turn: its badges go with the new ones.
  const all = merge(gathered, kinds);
  leaveLane(gatheredTicket);
  gatheredTicket = null;
  if (onPhone() && kinds.every((kind) => isReadingBadge(kind.id))) {
    gathered = all;
    showing = false;
    leaveLane(turn);
    showGathered();
    return;
  }
  gathered = [];
  leaveLane(turn);
  showNotice(all);
}

/** Shows the popup now, or once no other popup is showing. Only on pages with the container. */
export function requestBadgePopup(): Promise<void> {
  if (typeof document === 'undefined' || !document.getElementById(BADGE_POPUP_CONTAINER_ID) || !hasSessionHint()) return Promise.resolve();
  if (!showing) return run();
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (!hasSessionHint()) {
        clearInterval(timer);
        resolve();
        return;
      }
      if (showing) return;
      clearInterval(timer);
      run().then(resolve, reject);
    }, POPUP_POLL_MS);
  });
}

/** 「見る」 on the phone's small bar: every gathered badge in one sheet. */
export function openGatheredBadges(): void {
  if (!gatheredTicket || gathered.length === 0) return;
  const kinds = gathered;
  leaveLane(gatheredTicket);
  gatheredTicket = null;
  gathered = [];
  current = null;
  showing = true;
  showNotice(kinds);
}

/** 閉じる on the phone's small bar (nothing once 「見る」 has opened its badges in the sheet). */
export function closeGatheredBadges(): void {
  if (!gatheredTicket) return;
  gathered = [];
  const ticket = gatheredTicket;
  gatheredTicket = null;
  if (current?.mode === 'gathered') {
    current = null;
    emit();
  }
  leaveLane(ticket);
}

/** Called when the notification closes: it is removed and the next popup is allowed. */
export function closeBadgePopup(): void {
  if (current?.mode === 'gathered') {
    closeGatheredBadges();
    return;
  }
  current = null;
  showing = false;
  emit();
  const ticket = noticeTicket;
  noticeTicket = null;
  leaveLane(ticket);
}
