// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Input } from './input';

afterEach(cleanup);

describe('Input', () => {
  it('is labelled by its visible label and passes native props on', () => {
    render(<Input label="大学名" name="university" defaultValue="東京大学" autoComplete="organization" />);
    const input = screen.getByRole('textbox', { name: '大学名' }) as HTMLInputElement;
    expect(input.name).toBe('university');
    expect(input.value).toBe('東京大学');
    expect(input.getAttribute('autocomplete')).toBe('organization');
    expect(input.type).toBe('text');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows 必須 and sets the native required attribute, keeping the accessible name clean', () => {
    render(<Input label="メールアドレス" type="email" required />);
    const input = screen.getByRole('textbox', { name: 'メールアドレス' }) as HTMLInputElement;
    expect(input.required).toBe(true);
    expect(screen.getByText('必須')).toBeTruthy();
  });

  it('wires the error and the hint to the input', () => {
    render(<Input label="卒業年度" hint="例：2027" error="4桁の数字で入力してください" aria-describedby="extra" />);
    const input = screen.getByRole('textbox', { name: '卒業年度' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids).toHaveLength(3);
    expect(document.getElementById(ids[0]!)?.textContent).toBe('4桁の数字で入力してください');
    expect(document.getElementById(ids[1]!)?.textContent).toBe('例：2027');
    expect(ids[2]).toBe('extra');
  });

  it('takes the given id, and its label still points to it', async () => {
    render(<Input label="氏名" id="name-field" />);
    await userEvent.click(screen.getByText('氏名'));
    expect(document.activeElement?.id).toBe('name-field');
  });
});
