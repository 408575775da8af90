// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyLinkButton, CopyLinkByHand } from './badge-link-copy';

afterEach(cleanup);

describe('CopyLinkButton', () => {
  it('copies on a click and shows the bubble only once copied', () => {
    const onCopy = vi.fn();
    const { rerender } = render(<CopyLinkButton state="idle" onCopy={onCopy} />);
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'リンクをコピー' }));
    expect(onCopy).toHaveBeenCalledTimes(1);
    rerender(<CopyLinkButton state="copied" onCopy={onCopy} />);
    expect(screen.getByRole('status').textContent).toBe('リンクをコピーしました');
    rerender(<CopyLinkButton state="failed" onCopy={onCopy} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('CopyLinkByHand', () => {
  it('says why in Japanese and puts the link, focused and selected, in front of the student', () => {
    const url = 'https://shulog.example/badges/106';
    render(<CopyLinkByHand url={url} />);
    expect(screen.getByRole('alert').textContent).toContain('このブラウザではリンクを自動でコピーできませんでした。');
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'バッジの獲得状況ページのリンク' });
    expect(field.value).toBe(url);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, url.length]);
  });
});
