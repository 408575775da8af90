// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendFavorite } from './favorite-client';

const calls: Array<{ url: string; init: RequestInit }> = [];

function stubFetch(...statuses: number[]) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response('{}', { status: statuses.shift() ?? 200 });
  });
}

beforeEach(() => {
  calls.length = 0;
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'T';
  document.head.append(meta);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="csrf-token"]')?.remove();
});

describe('the favorite calls (docs/product/calls.md#favorite-calls)', () => {
  it('POST /mypage/favorites and DELETE /mypage/favorites/{id} both send company_id and authenticity_token', async () => {
    stubFetch();
    await sendFavorite({ companyId: 12, favorite: true });
    await sendFavorite({ companyId: 12, favorite: false });
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/mypage/favorites'],
      ['DELETE', '/mypage/favorites/12'],
    ]);
    for (const call of calls) {
      expect(Object.fromEntries(new URLSearchParams(String(call.init.body)))).toEqual({ company_id: '12', authenticity_token: 'T' });
      expect((call.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('T');
    }
  });

  it('gives a refused call back as a failure with its status, so the icon stays as it was', async () => {
    stubFetch(401);
    expect(await sendFavorite({ companyId: 3, favorite: true })).toMatchObject({ ok: false, status: 401 });
  });
});
