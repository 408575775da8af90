// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChoiceField, GraduationYearField, JobTypeField, TextAreaField, YearField } from './common-fields';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 26 November 2026 in Tokyo: the academic year 2026, whose final-year students are 2027年卒.
  vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the year fields of the post forms', () => {
  it('give the graduation year an example that agrees in its hint and its placeholder', () => {
    render(<GraduationYearField label="あなたの卒業年度" />);
    const field = screen.getByRole('textbox', { name: 'あなたの卒業年度' }) as HTMLInputElement;
    expect(field.name).toBe('graduationYear');
    expect(field.placeholder).toBe('例：2027');
    expect(screen.getByText('任意です。例：2027')).toBeTruthy();
  });

  it('move the example on with the academic year, on Tokyo time', () => {
    vi.setSystemTime(new Date('2027-03-31T15:00:00Z'));
    render(<GraduationYearField label="卒業年度" required />);
    expect((screen.getByRole('textbox', { name: /卒業年度/ }) as HTMLInputElement).placeholder).toBe('例：2028');
  });

  it('give a year something happened in this year as its example', () => {
    render(<YearField name="year" label="開催年" required />);
    expect((screen.getByRole('textbox', { name: /開催年/ }) as HTMLInputElement).placeholder).toBe('例：2026');
  });
});

describe('the shared fields of the post forms', () => {
  it('fill a required text area with the draft’s text and its type’s limit', () => {
    render(<TextAreaField content={{ body: '下書きの本文' }} name="body" label="本文" rows={6} max={2000} hint="20文字以上" />);
    const field = screen.getByRole('textbox', { name: /本文/ }) as HTMLTextAreaElement;
    expect([field.name, field.value, field.maxLength, field.required, field.rows]).toEqual(['body', '下書きの本文', 2000, true, 6]);
    expect(screen.getByText('20文字以上')).toBeTruthy();
  });

  it('check the draft’s choice, required unless said optional', () => {
    const options = [
      { value: 'summer', label: '夏' },
      { value: 'winter', label: '冬' },
    ];
    render(
      <>
        <ChoiceField content={{ season: 'winter' }} name="season" legend="開催時期" options={options} />
        <ChoiceField content={{}} name="term" legend="インターンの時期" options={options} optional />
      </>,
    );
    const [required, optional] = screen.getAllByRole('radiogroup');
    expect(required!.getAttribute('aria-required')).toBe('true');
    expect(optional!.getAttribute('aria-required')).toBeNull();
    expect((screen.getAllByRole('radio', { name: '冬' })[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(1);
  });

  it('name the job type jobType, with the draft’s text and its limit', () => {
    render(<JobTypeField content={{ jobType: '総合職' }} label="職種" max={40} placeholder="例：総合職" />);
    const field = screen.getByRole('textbox', { name: '職種' }) as HTMLInputElement;
    expect([field.name, field.value, field.maxLength, field.placeholder]).toEqual(['jobType', '総合職', 40, '例：総合職']);
  });
});
