// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyRating } from './company-rating';

afterEach(cleanup);

describe('CompanyRating', () => {
  it('shows the average as stars with one decimal, rounded the same for the fill and the number', () => {
    render(<CompanyRating average={3.6666} />);
    expect(screen.getByRole('img', { name: '5点中3.7点' })).toBeTruthy();
    expect(screen.getByText('3.7点')).toBeTruthy();
    expect(screen.queryByText(/の評価$/)).toBeNull();
  });

  it('adds how many intern experiences the average is of when given', () => {
    render(<CompanyRating average={4} reportCount={1200} />);
    expect(screen.getByText('1,200件の評価')).toBeTruthy();
  });

  it('writes a note instead of stars while nothing rates the company', () => {
    const { container } = render(<CompanyRating average={null} reportCount={0} />);
    expect(container.textContent).toBe('インターン評価なし');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('takes a shorter note where space is narrow', () => {
    const { container } = render(<CompanyRating average={null} emptyLabel="評価なし" />);
    expect(container.textContent).toBe('評価なし');
  });
});
