// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './pagination';

afterEach(cleanup);

describe('pageWindow', () => {
  it('shows the ends and the neighbours with gaps between', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('Pagination', () => {
  it('keeps the other query parameters in every link', () => {
    const Stub = createRoutesStub([
      { path: '/', Component: () => <Pagination page={2} pageCount={3} search="?q=あお&sort=kana&page=2" /> },
    ]);
    render(<Stub />);
    expect(screen.getByRole('link', { name: '次へ' }).getAttribute('href')).toBe(`/?q=${encodeURIComponent('あお')}&sort=kana&page=3`);
    expect(screen.getByRole('link', { name: '前へ' }).getAttribute('href')).toBe(`/?q=${encodeURIComponent('あお')}&sort=kana`);
    expect(screen.getByText('2').getAttribute('aria-current')).toBe('page');
  });
});
