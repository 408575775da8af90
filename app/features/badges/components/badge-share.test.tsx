// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { badgeShareLinks, ShareButtons } from './badge-share';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORIGIN = 'https://shulog.example';

describe('badgeShareLinks', () => {
  it('shares the badge’s page at the public origin, with its words on X', () => {
    const { url, services } = badgeShareLinks(ORIGIN, 106, 'はじめてのお気に入り');
    expect(url).toBe('https://shulog.example/badges/106');
    const page = encodeURIComponent(url);
    expect(services).toEqual([
      {
        label: 'X',
        href: `https://x.com/intent/tweet?text=${encodeURIComponent('「はじめてのお気に入り」バッジを獲得しました！ #シューログ')}&url=${page}`,
      },
      { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${page}` },
      { label: 'LINE', href: `https://social-plugins.line.me/lineit/share?url=${page}` },
    ]);
  });
});

// The origin comes from the root route's loader, as on the site.
function renderShare(onNeedsTime = () => {}) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ origin: ORIGIN }),
      Component: () => <ShareButtons badgeId={301} name="インターン先の登録" onNeedsTime={onNeedsTime} />,
    },
  ]);
  return render(<Stub />);
}

describe('ShareButtons', () => {
  it('links to each service in a new tab, and copies the badge’s page', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    renderShare();
    const x = await screen.findByRole('link', { name: 'X' });
    expect(x.getAttribute('href')).toContain(encodeURIComponent('https://shulog.example/badges/301'));
    for (const name of ['X', 'Facebook', 'LINE']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'リンクをコピー' })));
    expect(writeText).toHaveBeenCalledWith('https://shulog.example/badges/301');
    expect(screen.getByRole('status').textContent).toBe('リンクをコピーしました');
  });

  it('shows the link to copy by hand, and asks for time, where the clipboard is missing', async () => {
    vi.stubGlobal('navigator', {});
    const onNeedsTime = vi.fn();
    renderShare(onNeedsTime);
    const button = await screen.findByRole('button', { name: 'リンクをコピー' });
    await act(async () => fireEvent.click(button));
    expect(onNeedsTime).toHaveBeenCalledTimes(1);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'バッジの獲得状況ページのリンク' });
    expect(field.value).toBe('https://shulog.example/badges/301');
    expect(document.activeElement).toBe(field);
  });
});
