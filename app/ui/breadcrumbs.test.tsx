// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Breadcrumbs } from './breadcrumbs';

afterEach(cleanup);

describe('Breadcrumbs', () => {
  it('links every crumb but the last, which is the current page', () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: () => (
          <Breadcrumbs items={[{ label: 'トップ', to: '/' }, { label: '企業を探す', to: '/companies' }, { label: '株式会社青葉銀行' }]} />
        ),
      },
    ]);
    render(<Stub />);
    expect(screen.getByRole('navigation', { name: 'パンくずリスト' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '企業を探す' }).getAttribute('href')).toBe('/companies');
    expect(screen.queryByRole('link', { name: '株式会社青葉銀行' })).toBeNull();
    expect(screen.getByText('株式会社青葉銀行').getAttribute('aria-current')).toBe('page');
  });
});
