// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AcquiredBadgeKind } from './badge-api-client';

const api = vi.hoisted(() => ({
  waiting: [] as AcquiredBadgeKind[][],
  displayed: [] as number[][],
  fetched: 0,
  failWith: null as Error | null,
  during: () => {},
}));
vi.mock('./badge-api-client', () => ({
  fetchAcquiredBadges: async () => {
    api.fetched += 1;
    api.during();
    if (api.failWith) throw api.failWith;
    return { badgeKinds: api.waiting.shift() ?? [] };
  },
  displayAcquiredBadges: async (options: { badgeKindIds: number[] }) => {
    api.displayed.push(options.badgeKindIds);
  },
}));

const kind = (id: number): AcquiredBadgeKind => ({ id, name: `バッジ${id}`, icon: 'star', color: 'bronze' });

function onPhone(phone: boolean) {
  window.matchMedia = ((query: string) => ({ matches: phone, media: query })) as unknown as typeof window.matchMedia;
}

async function load() {
  vi.resetModules();
  // The queue's own instance of the lane (a fresh one per test).
  const lane = await import('../../ui/notice-lane');
  const queue = await import('./badge-popup-queue');
  const seen: Array<{ mode: string; ids: number[] } | null> = [];
  queue.subscribeBadgePopup((presentation) =>
    seen.push(presentation && { mode: presentation.mode, ids: presentation.kinds.map((k) => k.id) }),
  );
  return { queue, lane, last: () => seen.at(-1) };
}

/** The session's cookie that the browser sees (app/lib/personal-parts.ts, hasSessionHint). */
function loggedIn(yes: boolean) {
  document.cookie = yes ? 'XSRF-TOKEN=token; path=/' : 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
}

beforeEach(() => {
  document.body.innerHTML = '<div id="js-badge-popup-container"></div>';
  api.waiting = [];
  api.displayed = [];
  api.fetched = 0;
  api.failWith = null;
  api.during = () => {};
  loggedIn(true);
});

describe('the badge popup in the notice lane', () => {
  it('waits for a message on screen before it even asks for the badges, then shows them', async () => {
    onPhone(false);
    const { queue, lane, last } = await load();
    api.waiting.push([kind(404), kind(409)]);
    const message = lane.enterLane({ yields: false, show: () => {}, hide: () => {} });
    const shown = queue.requestBadgePopup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.displayed).toEqual([]);
    expect(api.waiting).toHaveLength(1);
    lane.leaveLane(message);
    await shown;
    expect(api.displayed).toEqual([[404, 409]]);
    expect(last()).toEqual({ mode: 'notice', ids: [404, 409] });
    queue.closeBadgePopup();
    expect(last()).toBeNull();
  });

  it('on a phone, gathers badges earned by opening pages in a small bar and opens them in one sheet', async () => {
    onPhone(true);
    const { queue, last } = await load();
    api.waiting.push([kind(103)], [kind(206)]);
    await queue.requestBadgePopup();
    expect(last()).toEqual({ mode: 'gathered', ids: [103] });
    // Not a popup that blocks the next: the next page's badge joins the bar.
    expect(queue.isBadgePopupShowing()).toBe(false);
    await queue.requestBadgePopup();
    expect(last()).toEqual({ mode: 'gathered', ids: [103, 206] });
    queue.openGatheredBadges();
    // The bar's own close, which runs after its action, leaves the sheet open.
    queue.closeGatheredBadges();
    expect(last()).toEqual({ mode: 'notice', ids: [103, 206] });
    expect(queue.isBadgePopupShowing()).toBe(true);
  });

  it('on a phone, a badge earned by an action opens the sheet at once, with the gathered ones', async () => {
    onPhone(true);
    const { queue, last } = await load();
    api.waiting.push([kind(206)], [kind(106)]);
    await queue.requestBadgePopup();
    await queue.requestBadgePopup();
    expect(last()).toEqual({ mode: 'notice', ids: [206, 106] });
  });

  it('lets the small bar step aside for a message and come back after it', async () => {
    onPhone(true);
    const { queue, lane, last } = await load();
    api.waiting.push([kind(204)]);
    await queue.requestBadgePopup();
    const message = lane.enterLane({ yields: false, show: () => {}, hide: () => {} });
    expect(last()).toBeNull();
    lane.leaveLane(message);
    expect(last()).toEqual({ mode: 'gathered', ids: [204] });
    queue.closeBadgePopup();
    expect(last()).toBeNull();
  });

  it('on a desktop, steps aside for a message (the answer to what the student did) and comes back after it', async () => {
    onPhone(false);
    const { queue, lane, last } = await load();
    api.waiting.push([kind(106)]);
    await queue.requestBadgePopup();
    expect(last()).toEqual({ mode: 'notice', ids: [106] });
    const message = lane.enterLane({ yields: false, show: () => {}, hide: () => {} });
    expect(last()).toBeNull();
    expect(queue.isBadgePopupShowing()).toBe(true);
    lane.leaveLane(message);
    expect(last()).toEqual({ mode: 'notice', ids: [106] });
  });

  it('on a phone, keeps the modal sheet on screen: a message waits until it is closed', async () => {
    onPhone(true);
    const { queue, lane, last } = await load();
    api.waiting.push([kind(106)]);
    await queue.requestBadgePopup();
    let shown = false;
    lane.enterLane({ yields: false, show: () => (shown = true), hide: () => {} });
    expect(last()).toEqual({ mode: 'notice', ids: [106] });
    expect(shown).toBe(false);
    queue.closeBadgePopup();
    expect(shown).toBe(true);
  });

  it('allows the next popup at once when there is nothing new', async () => {
    onPhone(false);
    const { queue, last } = await load();
    await queue.requestBadgePopup();
    expect(queue.isBadgePopupShowing()).toBe(false);
    expect(last()).toBeNull();
    expect(api.displayed).toEqual([]);
  });

  it('asks for nothing once the student has logged out in this tab, also for a request waiting its turn', async () => {
    vi.useFakeTimers();
    try {
      onPhone(false);
      const { queue, last } = await load();
      api.waiting.push([kind(101)], [kind(102)]);
      await queue.requestBadgePopup();
      expect(last()).toEqual({ mode: 'notice', ids: [101] });
      // A second badge earned while the first is on screen waits for it to close.
      const waiting = queue.requestBadgePopup();
      loggedIn(false);
      queue.closeBadgePopup();
      await vi.advanceTimersByTimeAsync(1500);
      await waiting;
      expect(api.fetched).toBe(1);
      await queue.requestBadgePopup();
      expect(api.fetched).toBe(1);
      expect(last()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends quietly when a logout overtook the fetch (401 without the session), and rethrows any other failure', async () => {
    onPhone(false);
    const { queue } = await load();
    const { CallError } = await import('../../lib/site-client');
    const unauthorized = new CallError('/api/v1/student/badges/acquire', { ok: false, status: 401, code: 'unauthorized', message: '' });
    api.failWith = unauthorized;
    // Still logged in as far as this tab knows: a 401 is a failure like any other.
    await expect(queue.requestBadgePopup()).rejects.toBe(unauthorized);
    expect(queue.isBadgePopupShowing()).toBe(false);
    // The fetch left before the logout and came back after it.
    api.during = () => loggedIn(false);
    await expect(queue.requestBadgePopup()).resolves.toBeUndefined();
    expect(api.fetched).toBe(2);
    expect(queue.isBadgePopupShowing()).toBe(false);
    api.during = () => {};
    api.failWith = new CallError('/api/v1/student/badges/acquire', { ok: false, status: 500, code: 'server_error', message: '' });
    loggedIn(true);
    await expect(queue.requestBadgePopup()).rejects.toThrow('answered 500');
  });
});
