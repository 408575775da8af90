// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TabNav } from './tab-nav';

afterEach(cleanup);

const TABS = [
  { to: '/admin', label: '審査待ち' },
  { to: '/admin/audit', label: '操作履歴' },
  { to: '/admin/reports', label: '通報' },
] as const;

describe('TabNav', () => {
  it('marks the tab whose path holds the current one most closely', () => {
    for (const [path, current] of [
      ['/admin', '審査待ち'],
      ['/admin/posts/12', '審査待ち'],
      ['/admin/audit', '操作履歴'],
      ['/admin/reports', '通報'],
      ['/admin/reports/3', '通報'],
      ['/admin/reportsx', '審査待ち'],
      ['/mypage', null],
    ] as const) {
      const Stub = createRoutesStub([{ path, Component: () => <TabNav tabs={TABS} label="管理画面のメニュー" /> }]);
      render(<Stub initialEntries={[path]} />);
      const nav = screen.getByRole('navigation', { name: '管理画面のメニュー' });
      const marked = [...nav.querySelectorAll('a[aria-current="page"]')].map((link) => link.textContent);
      expect(marked).toEqual(current ? [current] : []);
      cleanup();
    }
  });
});
