// The personal parts of a shared page (docs/decisions/030-shared-pages.md). Public pages are
// rendered once for everybody and cached; what belongs to one student (the account menu, the
// CSRF token, the hearts, the badge popup) arrives by one small private call, GET
// /api/v1/personal, started by an inline script in the page's head before the
// application's code has loaded. Until it has answered and React has drawn its state, the
// personal parts stay hidden (html[data-personal="pending"]), so no visitor state is ever seen.
import { useSyncExternalStore } from 'react';
import { browserCookie, SESSION_HINT_SOURCE } from './cookies';
import { XSRF_COOKIE } from './csrf';
import type { Viewer } from './viewer';
import type { RecommendedCompany } from './recommended-company';

export const PERSONAL_PATH = '/api/v1/personal';

/** The answer of the personal call. */
export type PersonalParts = {
  viewer: Viewer;
  csrfToken: string | null;
  /** Every company the student has favorited (empty for anyone else). */
  favoriteCompanyIds: number[];
  /** Every post the student has clipped, and voted 参考になった (issue 16; empty for anyone else). */
  clippedPostIds: number[];
  votedPostIds: number[];
  /** The student's selection tracker entries (issue 17), for the company pages' tracker button. */
  trackerEntries: TrackedEntry[];
  /** The student's unread notices (お知らせ, issue 33), counted up to 100; 0 for anyone else. */
  unreadNotices: number;
  /** Badges the view of the call's page earned just now (issue 27: announced on that page). */
  newBadges?: number;
  /** On the top page, a student's own おすすめの企業 (docs/decisions/069-shared-top-page.md). */
  recommendedCompanies?: RecommendedCompany[];
};

/** One company on the student's board, in one category, at its step. */
export type TrackedEntry = {
  companyId: number;
  category: 'intern' | 'recruit';
  status: string;
  outcome: 'rejected' | 'declined' | null;
};

/** The parts of a visitor, or of a call that failed. */
export const NO_PERSONAL_PARTS: PersonalParts = {
  viewer: null,
  csrfToken: null,
  favoriteCompanyIds: [],
  clippedPostIds: [],
  votedPostIds: [],
  trackerEntries: [],
  unreadNotices: 0,
};

/** Marks elements to hide while the personal call is pending (global.css). */
export const PERSONAL_PART = { 'data-personal-part': '' } as const;

/** The window property that the head script puts the call's promise on. */
const PENDING_CALL = '__shulogPersonal';

/**
 * The head script of a shared page. It runs before the first paint: with a session (the
 * script-readable XSRF-TOKEN cookie is set together with the session cookie) it hides the
 * personal parts and starts the call, with the page's path so that a first view can earn its
 * badge. It is the same text on every page, so a cached page carries no personal data.
 */
export const PERSONAL_HEAD_SCRIPT = `(function(){if(!${SESSION_HINT_SOURCE})return;var d=document.documentElement;d.setAttribute('data-personal','pending');window.${PENDING_CALL}=fetch('${PERSONAL_PATH}?page='+encodeURIComponent(location.pathname),{credentials:'same-origin',headers:{Accept:'application/json'}}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})})();`;

let current: PersonalParts | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function setPersonalParts(parts: PersonalParts | null): void {
  current = parts;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The personal parts once known in this tab; null on the server, during hydration and before the call answers. */
export function useLoadedPersonalParts(): PersonalParts | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

const CALL_TIMEOUT_MS = 10_000;
let loading: Promise<void> | null = null;
/** The session's script-readable cookie when the parts in hand were asked for (undefined: not yet). */
let askedWith: string | null | undefined;

const sessionCookie = () => browserCookie(XSRF_COOKIE) ?? null;

/**
 * The personal call on the site's one client (app/lib/site-client.ts, loaded with the first call,
 * not with the page): the parts, or null when it failed. No retry: a failed call leaves the page
 * as a visitor sees it, and the next page asks again.
 */
async function callPersonal(path: string): Promise<PersonalParts | null> {
  try {
    const { callSite } = await import('./site-client');
    const result = await callSite<PersonalParts>(path, { retries: 0 });
    return result.ok ? result.data : null;
  } catch {
    // Offline, the server away, or an answer that is not JSON.
    return null;
  }
}

/**
 * Takes the answer of the head script's call, or makes the call when the page had none (a page
 * rendered for the session, from which the student goes on to shared pages). Once per tab load.
 */
export function loadPersonalParts(): Promise<void> {
  if (loading) return loading;
  askedWith = sessionCookie();
  const started = (window as unknown as Record<string, Promise<PersonalParts | null> | undefined>)[PENDING_CALL];
  const call: Promise<PersonalParts | null> = started ?? callPersonal(PERSONAL_PATH);
  // A call that fails or hangs leaves the page as a visitor sees it rather than hidden.
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CALL_TIMEOUT_MS));
  loading = Promise.race([call, timeout]).then((parts) => {
    setPersonalParts(parts ?? NO_PERSONAL_PARTS);
  });
  return loading;
}

/**
 * Asks again, without the page's path: after a login or a logout in this tab (the root loader's
 * viewer changed), so that shared pages reached by client-side navigation show the new session.
 */
export function reloadPersonalParts(): Promise<void> {
  loading = null;
  (window as unknown as Record<string, unknown>)[PENDING_CALL] = undefined;
  return loadPersonalParts();
}

/**
 * Whether the session changed since the parts in hand were asked for: a logout or a login in this
 * tab (or in another tab of the browser) replaced or removed the session's cookie. The top page
 * and the other shared pages are rendered for nobody, so a logout that lands on one changes
 * nothing the root loader says: this is how the page finds out.
 */
export function sessionChangedSinceAsked(): boolean {
  return askedWith !== undefined && sessionCookie() !== askedWith;
}

/** Whether a path is one whose view can earn a badge (a company page, a post page). */
export function isBadgeViewPath(path: string): boolean {
  return /^\/[a-z_]+\/\d+\/?$/.test(path);
}

/**
 * The call again, with a page, once that page is reached by client-side navigation: what a loaded
 * page's head script would have asked for it (a first view's badge, the top page's own
 * recommendations). The answer, which also refreshes the personal parts, or null when the call
 * failed (offline, the server away).
 */
export async function askPersonalParts(path: string): Promise<PersonalParts | null> {
  askedWith = sessionCookie();
  const parts = await callPersonal(`${PERSONAL_PATH}?page=${encodeURIComponent(path)}`);
  if (parts) setPersonalParts(parts);
  return parts;
}

/**
 * A company or post page reached by client-side navigation: answers whether its first view
 * earned a badge. A failed call earns nothing now; the view earns its badge on a later visit.
 */
export async function reportPageView(path: string): Promise<boolean> {
  return ((await askPersonalParts(path))?.newBadges ?? 0) > 0;
}

/** Shows the personal parts again: called once React has drawn them in their real state. */
export function revealPersonalParts(): void {
  document.documentElement.removeAttribute('data-personal');
}

/** Whether this tab has a session at all (the head script's test), without a call. */
export function hasSessionHint(): boolean {
  return Boolean(browserCookie(XSRF_COOKIE));
}
