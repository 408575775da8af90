// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Card } from './card';

afterEach(cleanup);

describe('Card', () => {
  it('is a div by default with its title as a heading', () => {
    const { container } = render(<Card title="企業概要">本社は東京都です。</Card>);
    expect(container.firstElementChild?.tagName).toBe('DIV');
    expect(screen.getByRole('heading', { level: 3, name: '企業概要' })).toBeTruthy();
  });

  it('renders as an article named by its title', () => {
    render(
      <Card as="article" title="サマーインターン体験記" titleAs="h2">
        本文
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'サマーインターン体験記' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 })).toBeTruthy();
  });

  it('renders as a list item inside a list', () => {
    render(
      <ul>
        <Card as="li">一件目</Card>
        <Card as="li">二件目</Card>
      </ul>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('with href, makes the title the link to the page', () => {
    render(
      <Card title="株式会社さくらテック" href="/companies/12" footer="インターン体験記 12件">
        IT・通信 / 東京都
      </Card>,
    );
    const link = screen.getByRole('link', { name: '株式会社さくらテック' });
    expect(link.getAttribute('href')).toBe('/companies/12');
    expect(screen.getByText('インターン体験記 12件')).toBeTruthy();
  });
});
