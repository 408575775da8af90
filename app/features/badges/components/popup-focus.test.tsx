// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const queue = vi.hoisted(() => ({ closed: 0 }));
vi.mock('../badge-popup-queue', () => ({
  PHONE_QUERY: '(max-width: 639px)',
  closeBadgePopup: () => {
    queue.closed++;
  },
}));

const { useFreeToTakeFocus, useReachableSnackBar } = await import('./popup-focus');

afterEach(() => {
  cleanup();
  queue.closed = 0;
  vi.useRealTimers();
});

function Sheet({ wanted }: { wanted: boolean }) {
  const free = useFreeToTakeFocus(wanted);
  return (
    <>
      <input aria-label="氏名" />
      <textarea aria-label="自己PR" />
      <button type="button">保存</button>
      <p>{free ? 'free' : 'waiting'}</p>
    </>
  );
}

describe('useFreeToTakeFocus', () => {
  it('is free at once when focus is in no field', () => {
    render(<Sheet wanted />);
    expect(screen.getByText('free')).toBeTruthy();
  });

  it('waits while the student types in a field, and is free once they leave it', async () => {
    vi.useFakeTimers();
    const { rerender } = render(<Sheet wanted={false} />);
    screen.getByLabelText('氏名').focus();
    rerender(<Sheet wanted />);
    expect(screen.getByText('waiting')).toBeTruthy();
    // Leaving for another field keeps it waiting; leaving for a button frees it.
    act(() => screen.getByLabelText('自己PR').focus());
    await act(async () => vi.runAllTimers());
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => screen.getByRole('button').focus());
    await act(async () => vi.runAllTimers());
    expect(screen.getByText('free')).toBeTruthy();
    // Once free, it stays free, and is reset when no longer wanted.
    act(() => screen.getByLabelText('氏名').focus());
    await act(async () => vi.runAllTimers());
    expect(screen.getByText('free')).toBeTruthy();
    rerender(<Sheet wanted={false} />);
    expect(screen.getByText('waiting')).toBeTruthy();
  });
});

function Bar({ open }: { open: boolean }) {
  const bar = useReachableSnackBar(open);
  return (
    <>
      <input aria-label="検索" />
      {open && (
        <div ref={bar.barRef} role="status" onFocus={bar.onFocus}>
          <a href="/badges">バッジの獲得状況を見る</a>
          <button type="button" onClick={bar.closeAndReturn}>
            閉じる
          </button>
        </div>
      )}
    </>
  );
}

describe('useReachableSnackBar', () => {
  it('takes the first Tab into the bar, and Escape from inside closes it and returns focus', () => {
    render(<Bar open />);
    const field = screen.getByLabelText('検索');
    field.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('link'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(queue.closed).toBe(1);
    expect(document.activeElement).toBe(field);
  });

  it('offers only the first Tab, and not while a modal dialog is open', () => {
    render(<Bar open />);
    const field = screen.getByLabelText('検索');
    field.focus();
    const dialog = document.createElement('div');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(field);
    dialog.remove();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(field);
  });

  it('leaves focus alone on Escape from outside, and 閉じる returns focus to where a click came from', () => {
    render(<Bar open />);
    const field = screen.getByLabelText('検索');
    field.focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(queue.closed).toBe(0);
    // Focus comes in another way: the bar remembers from where.
    const close = screen.getByRole('button', { name: '閉じる' });
    fireEvent.focus(close, { relatedTarget: field });
    close.focus();
    fireEvent.click(close);
    expect(queue.closed).toBe(1);
    expect(document.activeElement).toBe(field);
  });
});
