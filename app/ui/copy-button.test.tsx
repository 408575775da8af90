// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_BUBBLE_MS, CopyButton, CopyByHandField } from './copy-button';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const props = {
  text: 'https://shulog.example/calendar/abc.ics',
  label: 'URLをコピー',
  copiedLabel: 'URLをコピーしました',
  failedMessage: '自動でコピーできませんでした。',
};

describe('CopyButton', () => {
  it('copies the text and says so for 2 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<CopyButton {...props} onFailed={() => {}} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'URLをコピー' })));
    expect(writeText).toHaveBeenCalledWith(props.text);
    expect(screen.getByRole('status').textContent).toBe('URLをコピーしました');
    await act(async () => vi.advanceTimersByTime(COPIED_BUBBLE_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('URLをコピーしました');
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('asks to copy by hand where the clipboard is missing or refused', async () => {
    for (const clipboard of [undefined, { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }]) {
      vi.stubGlobal('navigator', { clipboard });
      const onFailed = vi.fn();
      render(<CopyButton {...props} onFailed={onFailed} />);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'URLをコピー' })));
      expect(screen.getByRole('alert').textContent).toBe('自動でコピーできませんでした。');
      expect(screen.getByRole('status').textContent).toBe('');
      expect(onFailed).toHaveBeenCalledOnce();
      cleanup();
    }
  });
});

describe('CopyByHandField', () => {
  it('shows the text read-only, named, and selects it all when focused', () => {
    render(<CopyByHandField value={props.text} label="カレンダー用のURL" />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'カレンダー用のURL' });
    expect(field.value).toBe(props.text);
    expect(field.readOnly).toBe(true);
    field.setSelectionRange(0, 0);
    fireEvent.focus(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, props.text.length]);
  });
});
