// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../tests/support/fetch-mock';
import { CallError } from '../../lib/site-client';
import { fetchCompanySuggestions, isAbortError } from './suggestions-client';

// The search box's call (docs/product/calls.md#company-search-call) on the site's one client (decision 056).

const fetchMock = mockFetch();
const json = jsonResponse;

describe('fetchCompanySuggestions', () => {
  it('asks with the headers of docs/product/calls.md#company-search-call and answers the companies', async () => {
    const company = { company_id: 1, name: 'ハルカゼ', pref_name: '東京都', url: null };
    fetchMock.mockResolvedValueOnce(json({ companies: [company] }));
    expect(await fetchCompanySuggestions('はる', new AbortController().signal)).toEqual([company]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/company?source=incremental&company_name=%E3%81%AF%E3%82%8B');
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('throws the client’s CallError for a failed search, once, and rethrows an abort', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'unavailable', message: '検索できませんでした。' } }, 503));
    const failed = await fetchCompanySuggestions('はる', new AbortController().signal).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(CallError);
    expect(failed).toMatchObject({ status: 503, code: 'unavailable' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    const aborted = await fetchCompanySuggestions('はるか', new AbortController().signal).catch((error: unknown) => error);
    expect(isAbortError(aborted)).toBe(true);
  });
});
