import { describe, expect, it } from 'vitest';
import { safeRedirectPath, safeReturnPath } from '../features/accounts/schemas';
import { requireStudent } from '../features/accounts/session-request.server';
import { isCarriableReturnPath, RETURN_PATH_MAX, withRedirectTo } from './return-path';

describe('withRedirectTo', () => {
  it('carries a page of the site, encoded', () => {
    expect(withRedirectTo('/login', '/companies?q=トヨタ&page=2')).toBe(
      `/login?redirect_to=${encodeURIComponent('/companies?q=トヨタ&page=2')}`,
    );
    expect(withRedirectTo('/login', null)).toBe('/login');
    expect(withRedirectTo('/signup', '')).toBe('/signup');
  });

  it(`drops a page whose encoded path is over ${RETURN_PATH_MAX} characters`, () => {
    const longest = `/mypage?a=${'b'.repeat(RETURN_PATH_MAX - '/mypage?a='.length - 20)}`;
    expect(withRedirectTo('/login', longest).length).toBeLessThan(RETURN_PATH_MAX + 40);
    // 12 KB of query (the outside test): nothing carried, so the Location stays short.
    const huge = `/mypage?${'%E3%81%82'.repeat(1400)}`;
    expect(isCarriableReturnPath(huge)).toBe(false);
    expect(withRedirectTo('/login', huge)).toBe('/login');
    // Percent signs are encoded again: 700 characters of them are 2,100 in the URL.
    expect(withRedirectTo('/login', `/c?q=${'%41'.repeat(400)}`)).toBe('/login');
  });
});

describe('the return paths read back', () => {
  it('fall back when too long to be carried again', () => {
    const huge = `/intern_experiences/1?${'x'.repeat(RETURN_PATH_MAX)}`;
    expect(safeRedirectPath(huge)).toBe('/mypage');
    expect(safeReturnPath(huge)).toBeNull();
    expect(withRedirectTo('/signup', '/intern_experiences/1')).toBe('/signup?redirect_to=%2Fintern_experiences%2F1');
  });
});

describe('a visitor sent to login', () => {
  const sentTo = async (url: string) => {
    const thrown = await requireStudent(new Request(url)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    return (thrown as Response).headers.get('Location');
  };

  it('comes back to the page afterwards', async () => {
    expect(await sentTo('http://localhost/mypage?tab=1')).toBe('/login?redirect_to=%2Fmypage%3Ftab%3D1');
    expect(await sentTo('http://localhost/mypage/posts.data')).toBe('/login?redirect_to=%2Fmypage%2Fposts');
  });

  it('with a 12 KB query, goes to /login alone: no 24 KB Location header', async () => {
    expect(await sentTo(`http://localhost/mypage?q=${'%E3%81%82'.repeat(1400)}`)).toBe('/login');
  });
});
