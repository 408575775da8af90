// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TabNav } from './tab-nav';

afterEach(cleanup);

const TABS = [
  { to: '/admin', label: '審査待ち', current: (path: string) => path === '/admin' || path.startsWith('/admin/posts') },
  { to: '/admin/audit', label: '操作履歴' },
] as const;

describe('TabNav', () => {
  it('marks the tab of the current path, by its own rule or by its path', () => {
    for (const [path, current] of [
      ['/admin/posts/12', '審査待ち'],
      ['/admin/audit', '操作履歴'],
    ] as const) {
      const Stub = createRoutesStub([{ path, Component: () => <TabNav tabs={TABS} label="管理画面のメニュー" /> }]);
      render(<Stub initialEntries={[path]} />);
      const nav = screen.getByRole('navigation', { name: '管理画面のメニュー' });
      const marked = [...nav.querySelectorAll('a[aria-current="page"]')].map((link) => link.textContent);
      expect(marked).toEqual([current]);
      cleanup();
    }
  });
});
