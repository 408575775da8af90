// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Select } from './select';

afterEach(cleanup);

const seasons = [
  { value: '2024_summer', label: '2024年 夏' },
  { value: '2024_winter', label: '2024年 冬' },
];

describe('Select', () => {
  it('is labelled, lists the options and posts the chosen value', async () => {
    render(
      <form aria-label="検索">
        <Select label="年度・時期" name="year_season" options={seasons} defaultValue="2024_winter" />
      </form>,
    );
    const select = screen.getByRole('combobox', { name: '年度・時期' }) as HTMLSelectElement;
    expect(select.value).toBe('2024_winter');
    await userEvent.selectOptions(select, '2024年 夏');
    const form = screen.getByRole('form', { name: '検索' }) as HTMLFormElement;
    expect(new FormData(form).get('year_season')).toBe('2024_summer');
  });

  it('puts an empty placeholder first, which a required field cannot pick back', () => {
    render(<Select label="業界" required placeholder="選択してください" options={seasons} />);
    const select = screen.getByRole('combobox', { name: '業界' }) as HTMLSelectElement;
    const placeholder = screen.getByRole('option', { name: '選択してください' }) as HTMLOptionElement;
    expect(select.options[0]).toBe(placeholder);
    expect(select.value).toBe('');
    expect(placeholder.value).toBe('');
    expect(placeholder.disabled).toBe(true);
    expect(select.required).toBe(true);
  });

  it('accepts option elements as children', () => {
    render(
      <Select label="並び順">
        <option value="new">新着順</option>
        <option value="popular">人気順</option>
      </Select>,
    );
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('wires the error to the select', () => {
    render(<Select label="本社所在地" options={seasons} error="都道府県を選択してください" />);
    const select = screen.getByRole('combobox', { name: '本社所在地' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const errorId = select.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('都道府県を選択してください');
  });
});
