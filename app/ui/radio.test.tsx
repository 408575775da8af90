// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Radio, RadioGroup } from './radio';

afterEach(cleanup);

const formats = [
  { value: 'onsite', label: '対面' },
  { value: 'online', label: 'オンライン' },
];

describe('RadioGroup', () => {
  it('is a radio group named by its legend whose radios share the name', async () => {
    render(
      <form aria-label="体験記">
        <RadioGroup legend="開催形式" name="format" options={formats} defaultValue="online" />
      </form>,
    );
    expect(screen.getByRole('radiogroup', { name: '開催形式' })).toBeTruthy();
    const online = screen.getByRole('radio', { name: 'オンライン' }) as HTMLInputElement;
    expect(online.checked).toBe(true);
    await userEvent.click(screen.getByText('対面'));
    expect(online.checked).toBe(false);
    expect(new FormData(screen.getByRole('form') as HTMLFormElement).get('format')).toBe('onsite');
  });

  it('reports the chosen value through onChange, also when controlled', async () => {
    const onChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('onsite');
      return (
        <RadioGroup
          legend="開催形式"
          name="format"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        >
          <Radio value="onsite" label="対面" />
          <Radio value="online" label="オンライン" description="Zoomなど" />
        </RadioGroup>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('radio', { name: 'オンライン' }));
    expect(onChange).toHaveBeenCalledWith('online');
    expect((screen.getByRole('radio', { name: 'オンライン' }) as HTMLInputElement).checked).toBe(true);
  });

  it('puts the error on the group and marks its radios invalid and required', () => {
    render(<RadioGroup legend="結果" name="result" options={formats} required error="選択してください" />);
    const group = screen.getByRole('radiogroup', { name: '結果' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('選択してください');
    for (const radio of screen.getAllByRole('radio')) {
      expect((radio as HTMLInputElement).required).toBe(true);
      expect(radio.getAttribute('aria-invalid')).toBe('true');
    }
  });

  it('disables every radio when disabled', () => {
    render(<RadioGroup legend="結果" name="result" options={formats} disabled />);
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });
});
