import { afterEach, describe, expect, it, vi } from 'vitest';
import { FavoriteCallError, sendFavorite } from './favorite-client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status = 200) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response('{}', { status });
  });
  return calls;
}

describe('the favorite calls (SPEC.md section 7)', () => {
  it('POST /mypage/favorites and DELETE /mypage/favorites/{id} both send company_id and authenticity_token', async () => {
    const calls = stubFetch();
    await sendFavorite({ companyId: 12, favorite: true, token: 'T' });
    await sendFavorite({ companyId: 12, favorite: false, token: 'T' });
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/mypage/favorites'],
      ['DELETE', '/mypage/favorites/12'],
    ]);
    for (const call of calls) {
      const body = new URLSearchParams(String(call.init.body));
      expect(Object.fromEntries(body)).toEqual({ company_id: '12', authenticity_token: 'T' });
      expect((call.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('T');
    }
  });

  it('throws the status of a refused call, so the icon stays as it was', async () => {
    stubFetch(401);
    await expect(sendFavorite({ companyId: 3, favorite: true, token: 'T' })).rejects.toEqual(new FavoriteCallError(401));
  });
});
