// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PostListItem, type PostListItemPost } from './post-list-item';

afterEach(cleanup);

const POST: PostListItemPost = {
  id: 42,
  type: 'intern_experience',
  title: '夏の5日間で企画を立てました',
  excerpt: '初日は会社説明のあと、チームで課題を…',
  publishedAt: '2025-03-31T15:30:00.000Z',
  usefulCount: 1234,
};

// The site's Link navigates through React Router, so the item needs a router around it.
function renderInList(item: ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <ul>{item}</ul> }]);
  return render(<Stub />);
}

describe('PostListItem', () => {
  it('is a list item whose link leads to the post and shows its date and useful votes', async () => {
    renderInList(<PostListItem post={POST} />);
    const item = await screen.findByRole('listitem');
    const link = within(item).getByRole('link');
    expect(link.getAttribute('href')).toBe('/intern_experiences/42');
    // The title's nouns are kept whole in spans of their own (KeepWords): the text reads the same.
    expect(link.textContent).toContain('夏の5日間で企画を立てました');
    expect(within(link).getByText('企画').className).toBe('keep-word');
    expect(within(link).getByText('初日は会社説明のあと、チームで課題を…')).toBeTruthy();
    // Japan's date: 00:30 on 1 April in Tokyo.
    expect(within(link).getByText('2025年4月1日').getAttribute('dateTime')).toBe(POST.publishedAt);
    expect(within(link).getByText('参考になった 1,234件')).toBeTruthy();
  });

  it('leaves out the line above the title on a one-company list', async () => {
    renderInList(<PostListItem post={POST} />);
    const link = await screen.findByRole('link');
    expect(link.firstElementChild?.textContent).toBe('夏の5日間で企画を立てました');
    expect(screen.queryByText('インターン体験記')).toBeNull();
  });

  it('shows the type tag and the company above the title on a mixed list', async () => {
    renderInList(<PostListItem post={POST} showType subjectName="株式会社あおばシステム" />);
    const link = await screen.findByRole('link');
    const about = link.firstElementChild!;
    expect(Array.from(about.children, (child) => child.textContent)).toEqual(['インターン体験記', '株式会社あおばシステム']);
  });

  it('shows the company alone where every post is of one type', async () => {
    renderInList(<PostListItem post={POST} subjectName="株式会社あおばシステム" />);
    const link = await screen.findByRole('link');
    expect(link.firstElementChild?.textContent).toBe('株式会社あおばシステム');
    expect(screen.queryByText('インターン体験記')).toBeNull();
  });
});
