// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Textarea } from './textarea';

afterEach(cleanup);

describe('Textarea', () => {
  it('is labelled, forwards native props and has no count without maxLength', () => {
    render(<Textarea label="感想" name="impression" defaultValue="楽しかった" />);
    const textarea = screen.getByRole('textbox', { name: '感想' }) as HTMLTextAreaElement;
    expect(textarea.name).toBe('impression');
    expect(textarea.value).toBe('楽しかった');
    expect(screen.queryByText(/文字$/)).toBeNull();
  });

  it('counts characters against maxLength as the student types', async () => {
    const onChange = vi.fn();
    render(<Textarea label="志望動機" maxLength={400} defaultValue="御社の" onChange={onChange} />);
    expect(screen.getByText('3 / 400文字')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: '志望動機' }), '理念に');
    expect(screen.getByText('6 / 400文字')).toBeTruthy();
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('counts a controlled value', () => {
    render(<Textarea label="志望動機" maxLength={10} value="あいう" onChange={() => {}} />);
    expect(screen.getByText('3 / 10文字')).toBeTruthy();
  });

  it('wires the error, hint and count to the textarea', () => {
    render(<Textarea label="自己PR" hint="400字以内" maxLength={400} error="入力してください" />);
    const textarea = screen.getByRole('textbox', { name: '自己PR' });
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    const texts = (textarea.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['入力してください', '400字以内', '0 / 400文字']);
  });

  it('passes the ref on to the element', () => {
    const ref = { current: null as HTMLTextAreaElement | null };
    render(<Textarea label="メモ" ref={ref} />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'メモ' }));
  });
});
