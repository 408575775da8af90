// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterLane, leaveLane, resetLane } from './notice-lane';
import { HURRIED_MS, SnackBar, SnackBarProvider, useSnackBar } from './snack-bar';

afterEach(() => {
  cleanup();
  resetLane();
  vi.useRealTimers();
});

/** What the snack bar's status region says now. */
const statusText = () => screen.getByRole('status').textContent;

/** Renders `children` below a snack bar provider (hiding its messages after `autoHideMs`, or its default). */
function renderInProvider(children: ReactNode, autoHideMs?: number) {
  render(<SnackBarProvider autoHideMs={autoHideMs}>{children}</SnackBarProvider>);
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('SnackBar', () => {
  it('is a polite status region that is present, empty, while closed', () => {
    const { rerender } = render(<SnackBar open={false} message="保存しました" />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(<SnackBar open message="保存しました" />);
    expect(statusText()).toContain('保存しました');
  });

  it('has a 閉じる button when it can be closed', async () => {
    const onClose = vi.fn();
    render(<SnackBar open message="お気に入りに追加しました" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs the action, then closes', async () => {
    const onClose = vi.fn();
    const undo = vi.fn();
    render(<SnackBar open message="削除しました" onClose={onClose} action={{ label: '元に戻す', onClick: undo }} />);
    await userEvent.click(screen.getByRole('button', { name: '元に戻す' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders a link action', () => {
    render(<SnackBar open message="バッジを獲得しました" action={{ label: 'バッジを確認する', href: '/badges' }} />);
    expect(screen.getByRole('link', { name: 'バッジを確認する' }).getAttribute('href')).toBe('/badges');
  });

  it('calls onClose after autoHideMs, once', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<SnackBar open message="保存しました" onClose={onClose} autoHideMs={8000} />);
    act(() => vi.advanceTimersByTime(7999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(20000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('waits while the pointer is on it, and starts over when it leaves', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<SnackBar open message="保存しました" onClose={onClose} autoHideMs={5000} />);
    const bar = screen.getByText('保存しました').parentElement!;
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.pointerEnter(bar, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(10000));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerLeave(bar);
    act(() => vi.advanceTimersByTime(5000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('removes the message after its exit animation', () => {
    vi.useFakeTimers();
    const { rerender } = render(<SnackBar open message="保存しました" />);
    rerender(<SnackBar open={false} message="保存しました" />);
    expect(statusText()).toContain('保存しました');
    act(() => vi.advanceTimersByTime(600));
    expect(statusText()).toBe('');
  });
});

describe('useSnackBar', () => {
  function SaveButton() {
    const snackBar = useSnackBar();
    return (
      <button type="button" onClick={() => snackBar.show('下書きを保存しました')}>
        保存
      </button>
    );
  }

  it('shows a message from anywhere below the provider and hides it after the default delay', () => {
    vi.useFakeTimers();
    renderInProvider(<SaveButton />, 3000);
    press('保存');
    expect(statusText()).toContain('下書きを保存しました');
    act(() => vi.advanceTimersByTime(3000));
    act(() => vi.advanceTimersByTime(600));
    expect(statusText()).toBe('');
  });

  it('restarts the timer for a newer message', () => {
    vi.useFakeTimers();
    renderInProvider(<SaveButton />, 3000);
    press('保存');
    act(() => vi.advanceTimersByTime(2000));
    press('保存');
    act(() => vi.advanceTimersByTime(2000));
    expect(statusText()).toContain('下書きを保存しました');
  });

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SaveButton />)).toThrow(/SnackBarProvider/);
    vi.mocked(console.error).mockRestore();
  });
});

describe('the snack bar in the notice lane', () => {
  function Buttons() {
    const snackBar = useSnackBar();
    return (
      <>
        <button type="button" onClick={() => snackBar.show('お気に入りを更新できませんでした', { key: 'failed' })}>
          失敗
        </button>
        <button type="button" onClick={() => snackBar.hide('failed')}>
          成功
        </button>
        <button type="button" onClick={() => snackBar.hide('other')}>
          別の成功
        </button>
      </>
    );
  }

  it('takes away an error when its retry succeeds, and only that one', () => {
    vi.useFakeTimers();
    renderInProvider(<Buttons />);
    press('失敗');
    press('別の成功');
    expect(statusText()).toContain('お気に入りを更新できませんでした');
    press('成功');
    act(() => vi.advanceTimersByTime(600));
    expect(statusText()).toBe('');
  });

  it('waits while another notice has the lane, and gives way within 3 s (hover or not) when one waits behind it', () => {
    vi.useFakeTimers();
    const badge = enterLane({ yields: false, show: () => {}, hide: () => {} });
    renderInProvider(<Buttons />, 5000);
    press('失敗');
    expect(statusText()).toBe('');
    act(() => leaveLane(badge));
    expect(statusText()).toContain('お気に入りを更新できませんでした');
    fireEvent.pointerEnter(screen.getByText('お気に入りを更新できませんでした').parentElement!, { pointerType: 'mouse' });
    let next = false;
    act(() => {
      enterLane({ yields: false, show: () => (next = true), hide: () => {} });
    });
    act(() => vi.advanceTimersByTime(HURRIED_MS));
    act(() => vi.advanceTimersByTime(600));
    expect(next).toBe(true);
    expect(statusText()).toBe('');
  });
});
