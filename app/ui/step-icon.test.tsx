// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepIcon } from './step-icon';

afterEach(cleanup);

const steps = ['ES提出', '1次面接通過', '2次面接以降通過', '内定', '入社'];

describe('StepIcon', () => {
  it('is an ordered list of the steps with the current one marked', () => {
    render(<StepIcon steps={steps} current={2} />);
    const list = screen.getByRole('list', { name: '選考ステップ' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
    expect(items[2]!.textContent).toContain('2次面接以降通過');
  });

  it('tells done, current and todo steps apart, in text as well as in look', () => {
    render(<StepIcon steps={steps} current={1} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.className).toMatch(/done/);
    expect(items[0]!.textContent).toContain('（完了）');
    expect(items[1]!.className).toMatch(/current/);
    expect(items[3]!.className).toMatch(/todo/);
    expect(items[3]!.textContent).toBe('4内定');
  });

  it('marks nothing current before the first step', () => {
    render(<StepIcon steps={steps} current={-1} label="インターン選考" />);
    const list = screen.getByRole('list', { name: 'インターン選考' });
    expect(list.querySelector('[aria-current]')).toBeNull();
  });
});
