// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../tests/support/fetch-mock';
import { loadPersonalParts, NO_PERSONAL_PARTS, type PersonalParts, reportPageView, useLoadedPersonalParts } from './personal-parts';

// The personal call goes through the site's one client (decision 056): the same headers as every
// call, no retry, and a failure leaves the page as a visitor sees it.

const fetchMock = mockFetch();
const parts = (overrides: Partial<PersonalParts> = {}): PersonalParts => ({ ...NO_PERSONAL_PARTS, csrfToken: 'token', ...overrides });
const json = jsonResponse;

/** The parts the tab knows now, read as a component would. */
async function knownParts(): Promise<PersonalParts | null> {
  const { renderHook } = await import('@testing-library/react');
  return renderHook(() => useLoadedPersonalParts()).result.current;
}

describe('the personal call', () => {
  it('asks with the page, through the one client, and says whether the view earned a badge', async () => {
    fetchMock.mockResolvedValueOnce(json(parts({ newBadges: 1, favoriteCompanyIds: [3] })));
    expect(await reportPageView('/companies/3')).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/personal?page=%2Fcompanies%2F3');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(init?.headers).toMatchObject({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
    expect((await knownParts())?.favoriteCompanyIds).toEqual([3]);
  });

  it('answers false once, without a retry, for an error status or no connection', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'unavailable', message: 'しばらくしてから' } }, 503));
    expect(await reportPageView('/companies/4')).toBe(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await reportPageView('/companies/4')).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('loads the parts without the page when the head script made no call, and a visitor’s on failure', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await loadPersonalParts();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/personal');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await knownParts()).toEqual(NO_PERSONAL_PARTS);
  });
});
