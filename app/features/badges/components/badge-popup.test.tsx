// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AcquiredBadgeKind } from '../badge-api-client';
import type { BadgePresentation } from '../badge-popup-queue';

// The queue decides what shows (badge-popup-queue.test.ts); here the test plays it.
const queue = vi.hoisted(() => ({
  listener: null as ((presentation: BadgePresentation | null) => void) | null,
  closed: 0,
  requested: 0,
}));
vi.mock('../badge-popup-queue', () => ({
  BADGE_POPUP_CONTAINER_ID: 'js-badge-popup-container',
  PHONE_QUERY: '(max-width: 639px)',
  subscribeBadgePopup: (listener: (presentation: BadgePresentation | null) => void) => {
    queue.listener = listener;
    listener(null);
    return () => {
      queue.listener = null;
    };
  },
  requestBadgePopup: async () => {
    queue.requested++;
  },
  closeBadgePopup: () => {
    queue.closed++;
  },
  openGatheredBadges: () => {},
  closeGatheredBadges: () => {},
}));
vi.mock('../../../lib/personal-parts', () => ({ loadPersonalParts: async () => {} }));

const { BadgePopup, DESKTOP_AUTO_CLOSE_MS } = await import('./badge-popup');

const kind = (id: number, name: string): AcquiredBadgeKind => ({ id, name, icon: 'star', color: 'bronze' });

function onPhone(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

/** Renders the popup on a phone or a desktop, once it has asked the queue for new badges. */
async function renderPopup({ phone }: { phone: boolean }) {
  onPhone(phone);
  const Stub = createRoutesStub([{ id: 'root', path: '/', loader: () => ({ origin: 'https://shulog.example' }), Component: BadgePopup }]);
  const { container } = render(<Stub />);
  await vi.waitFor(() => expect(container.querySelector('#js-badge-popup-container')).not.toBeNull());
  await vi.waitFor(() => expect(queue.requested).toBe(1));
}

const show = (presentation: BadgePresentation | null) => act(() => queue.listener!(presentation));

/** The popup does not close itself before `ms` have passed, and closes itself then. */
function expectClosedAfter(ms: number) {
  const closed = queue.closed;
  act(() => vi.advanceTimersByTime(ms - 1));
  expect(queue.closed).toBe(closed);
  act(() => vi.advanceTimersByTime(1));
  expect(queue.closed).toBe(closed + 1);
}

beforeEach(() => {
  queue.closed = 0;
  queue.requested = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('BadgePopup', () => {
  it('asks for new badges once the page’s personal call has answered, and shows nothing until then', async () => {
    await renderPopup({ phone: false });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is a snack bar on a desktop, with the last badge, the count of the others and the share links', async () => {
    await renderPopup({ phone: false });
    show({ mode: 'notice', kinds: [kind(101, '会員登録完了'), kind(106, 'はじめてのお気に入り')] });
    const bar = screen.getAllByRole('status')[0]!;
    expect(bar.textContent).toContain('「はじめてのお気に入り」バッジを獲得しました');
    expect(bar.textContent).toContain('他1個のバッジ');
    expect(screen.getByRole('link', { name: 'バッジの獲得状況を見る' }).getAttribute('href')).toBe('/badges');
    expect(screen.getByRole('link', { name: 'X' }).getAttribute('href')).toContain(encodeURIComponent('https://shulog.example/badges/106'));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(queue.closed).toBe(1);
  });

  it('closes itself after 8 s left alone, and a full 8 s after the pointer leaves', async () => {
    await renderPopup({ phone: false });
    vi.useFakeTimers();
    show({ mode: 'notice', kinds: [kind(103, 'はじめての企業チェック')] });
    expectClosedAfter(DESKTOP_AUTO_CLOSE_MS);

    show({ mode: 'notice', kinds: [kind(104, 'はじめてのクリップ')] });
    const bar = screen.getAllByRole('status')[0]!;
    fireEvent.pointerEnter(bar);
    act(() => vi.advanceTimersByTime(DESKTOP_AUTO_CLOSE_MS * 2));
    expect(queue.closed).toBe(1);
    fireEvent.pointerLeave(bar);
    expectClosedAfter(DESKTOP_AUTO_CLOSE_MS);
  });

  it('is a bottom sheet on a phone, which does not close by itself', async () => {
    await renderPopup({ phone: true });
    vi.useFakeTimers();
    show({ mode: 'notice', kinds: [kind(305, 'ES提出')] });
    const sheet = screen.getByRole('dialog', { name: 'バッジを獲得しました' });
    expect(sheet.textContent).toContain('「ES提出」バッジを獲得しました');
    act(() => vi.advanceTimersByTime(DESKTOP_AUTO_CLOSE_MS * 2));
    expect(queue.closed).toBe(0);
  });

  it('shows the phone’s small bar for badges gathered by opening pages', async () => {
    await renderPopup({ phone: true });
    show({ mode: 'gathered', kinds: [kind(201, '社員クチコミを読んだ'), kind(203, '企業研究レポートを読んだ')] });
    expect(screen.getByText(/「企業研究レポートを読んだ」バッジを獲得しました/)).toBeTruthy();
    expect(screen.getByText('（ほか1個）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '見る' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
