// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet';

afterEach(cleanup);

function Sheet({ open, onClose = () => {} }: { open: boolean; onClose?: () => void }) {
  return (
    <BottomSheet open={open} onClose={onClose} title="バッジを獲得しました" footer={<button type="button">シェアする</button>}>
      <a href="/badges">バッジを確認する</a>
    </BottomSheet>
  );
}

/** An opener that owns the open state, as pages do. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        開く
      </button>
      <Sheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe('BottomSheet', () => {
  it('renders nothing while closed', () => {
    render(<Sheet open={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title, rendered into document.body', () => {
    const { container } = render(<Sheet open />);
    const dialog = screen.getByRole('dialog', { name: 'バッジを獲得しました' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.parentElement).toBe(document.body);
  });

  it('has a close button labelled 閉じる that calls onClose', async () => {
    const onClose = vi.fn();
    render(<Sheet open onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves focus into the sheet on open', () => {
    render(<Sheet open />);
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('keeps Tab and Shift+Tab inside the sheet', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">ページのボタン</button>
        <Sheet open />
      </>,
    );
    const close = screen.getByRole('button', { name: '閉じる' });
    const share = screen.getByRole('button', { name: 'シェアする' });
    const link = screen.getByRole('link', { name: 'バッジを確認する' });

    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(share);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(share);
  });

  it('calls onClose on Escape', async () => {
    const onClose = vi.fn();
    render(<Sheet open onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores Escape while a Japanese IME is composing', () => {
    const onClose = vi.fn();
    render(<Sheet open onClose={onClose} />);
    act(() => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', isComposing: true, bubbles: true }));
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('calls onClose on a click on the overlay', async () => {
    const onClose = vi.fn();
    render(<Sheet open onClose={onClose} />);
    const overlay = screen.getByRole('dialog').previousElementSibling as HTMLElement;
    await userEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks body scroll while open, returns focus to the opener and unmounts after closing', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'auto';
    render(<Page />);
    const opener = screen.getByRole('button', { name: '開く' });
    await user.click(opener);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('auto');
    // Kept for the slide-out, then removed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    document.body.style.overflow = '';
  });

  it('renders nothing on the server, even when open', () => {
    expect(renderToString(<Sheet open />)).toBe('');
  });
});
