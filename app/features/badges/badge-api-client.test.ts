// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../lib/site-client';
import { camelizeKeys, displayAcquiredBadges, fetchAcquiredBadges } from './badge-api-client';

const fetchMock = vi.fn<typeof fetch>();

function setCsrfMeta(token: string | null) {
  document.head.querySelector('meta[name="csrf-token"]')?.remove();
  if (token === null) return;
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = token;
  document.head.append(meta);
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setCsrfMeta('token-123');
  clearCookies();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfMeta(null);
  clearCookies();
});

describe('the badge calls client', () => {
  it('refuses both calls with "CSRF token not found" and sends nothing without the meta tag', async () => {
    setCsrfMeta(null);
    await expect(fetchAcquiredBadges()).rejects.toThrow(new Error('CSRF token not found'));
    await expect(displayAcquiredBadges({ badgeKindIds: [106] })).rejects.toThrow(new Error('CSRF token not found'));
    setCsrfMeta('');
    await expect(fetchAcquiredBadges()).rejects.toThrow('CSRF token not found');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads acquired badges with the CSRF, XHR and JSON headers and camelCase keys', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%2Bvalue; path=/';
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ badge_kinds: [{ id: 106, name: 'はじめてのお気に入り', icon: 'heart', color: 'bronze' }] }),
    );
    const answer = await fetchAcquiredBadges();
    expect(answer).toEqual({ badgeKinds: [{ id: 106, name: 'はじめてのお気に入り', icon: 'heart', color: 'bronze' }] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/student/badges/acquire');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(init?.signal).toBeUndefined();
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-Token': 'token-123',
      'X-XSRF-TOKEN': 'xsrf+value',
    });
  });

  it('leaves out X-XSRF-TOKEN without the cookie', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ badge_kinds: [] }));
    expect(await fetchAcquiredBadges()).toEqual({ badgeKinds: [] });
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });

  it('posts authenticity_token and badge_kind_ids as JSON', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    fetchMock.mockResolvedValueOnce(jsonResponse({ badge_kind_ids: [101, 106] }));
    const answer = await displayAcquiredBadges({ badgeKindIds: [101, 106] });
    expect(answer).toEqual({ badgeKindIds: [101, 106] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/student/badges/display_acquired');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ authenticity_token: 'token-123', badge_kind_ids: [101, 106] });
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-Token': 'token-123',
      'X-XSRF-TOKEN': 'abc',
    });
  });

  it('accepts an empty answer to the POST', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await displayAcquiredBadges({ badgeKindIds: [101] })).toEqual({});
  });

  it('rejects on network errors and on error statuses, once, with the one client’s CallError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await fetchAcquiredBadges().catch((caught: unknown) => caught);
    expect(offline).toBeInstanceOf(CallError);
    expect(offline).toMatchObject({ status: 0, code: 'network_error' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthorized' } }, 401));
    const error = await fetchAcquiredBadges().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CallError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('converts keys to camelCase at every depth', () => {
    expect(camelizeKeys({ badge_kinds: [{ badge_kind_id: 1, nested_value: { acquired_at: 'x' } }], plain: 'snake_value' })).toEqual({
      badgeKinds: [{ badgeKindId: 1, nestedValue: { acquiredAt: 'x' } }],
      plain: 'snake_value',
    });
  });
});
