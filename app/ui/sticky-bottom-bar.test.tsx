// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { StickyBottomBar } from './sticky-bottom-bar';

afterEach(cleanup);

describe('StickyBottomBar', () => {
  it('holds the actions and carries the marker that pads the page and lifts the snack bar', () => {
    render(
      <StickyBottomBar aria-label="投稿の操作">
        <Button variant="secondary">下書き保存</Button>
        <Button type="submit">投稿する</Button>
      </StickyBottomBar>,
    );
    const bar = screen.getByLabelText('投稿の操作');
    expect(bar.hasAttribute('data-sticky-bottom-bar')).toBe(true);
    expect(bar.className).toMatch(/stretch/);
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it('can keep the actions at their own width', () => {
    render(
      <StickyBottomBar align="end" data-testid="bar">
        <Button>次へ</Button>
      </StickyBottomBar>,
    );
    expect(screen.getByTestId('bar').className).toMatch(/end/);
  });
});
