// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox, CheckboxGroup } from './checkbox';

afterEach(cleanup);

describe('Checkbox', () => {
  it('toggles from a click on its label text and posts with the form', async () => {
    render(
      <form aria-label="登録">
        <Checkbox label="メールマガジンを受け取る" name="newsletter" value="yes" />
      </form>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'メールマガジンを受け取る' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    await userEvent.click(screen.getByText('メールマガジンを受け取る'));
    expect(checkbox.checked).toBe(true);
    expect(new FormData(screen.getByRole('form') as HTMLFormElement).get('newsletter')).toBe('yes');
  });

  it('links its description and error without putting them in the name', () => {
    render(<Checkbox label="利用規約に同意する" description="必ずお読みください" error="同意が必要です" required />);
    const checkbox = screen.getByRole('checkbox', { name: '利用規約に同意する' });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    const texts = (checkbox.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['同意が必要です', '必ずお読みください']);
  });
});

describe('CheckboxGroup', () => {
  it('is a group named by its legend, with the error on the group', () => {
    render(
      <CheckboxGroup legend="志望業界" error="1つ以上選択してください" required>
        <Checkbox label="IT・通信" name="industries" value="it" />
        <Checkbox label="メーカー" name="industries" value="maker" />
      </CheckboxGroup>,
    );
    const group = screen.getByRole('group', { name: /^志望業界\s*（必須）$/ });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    const errorId = group.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('1つ以上選択してください');
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });
});
