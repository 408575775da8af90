// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callSite, sendOnLeave } from './site-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'page-token';
  document.head.append(meta);
  document.cookie = 'XSRF-TOKEN=cookie%2Btoken; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.head.querySelector('meta[name="csrf-token"]')?.remove();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('callSite', () => {
  it('sends the token, the XSRF cookie and the XHR marker, and the token in a JSON body', async () => {
    fetchMock.mockResolvedValueOnce(json({ saved: true }));
    const result = await callSite<{ saved: boolean }>('/drafts/1', { method: 'PUT', json: { title: '体験記' } });
    expect(result).toEqual({ ok: true, status: 200, data: { saved: true } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.headers).toMatchObject({
      'X-CSRF-Token': 'page-token',
      'X-XSRF-TOKEN': 'cookie+token',
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    });
    expect(JSON.parse(String(init?.body))).toEqual({ authenticity_token: 'page-token', title: '体験記' });
  });

  it('turns a JSON error into a typed failure with its Japanese message, 409 included', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'stale_revision', message: 'ほかの画面で先に保存されました。' } }, 409));
    expect(await callSite('/drafts/1', { method: 'PUT', json: {} })).toEqual({
      ok: false,
      status: 409,
      code: 'stale_revision',
      message: 'ほかの画面で先に保存されました。',
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 409 }));
    expect(await callSite('/drafts/1', { method: 'PUT', json: {} })).toMatchObject({
      ok: false,
      status: 409,
      code: 'http_409',
      message: expect.stringContaining('最新の内容'),
    });
    fetchMock.mockResolvedValueOnce(
      json(
        {
          error: {
            code: 'validation_failed',
            message: '入力内容を確認してください。',
            fields: { 'questions.3.answer': '回答を入力してください。' },
          },
        },
        400,
      ),
    );
    expect(await callSite('/x', { form: {} })).toMatchObject({ fields: { 'questions.3.answer': '回答を入力してください。' } });
  });

  it('retries idempotent calls after a network failure or a 503, and not a POST', async () => {
    vi.useFakeTimers();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(json({ ok: 1 }));
    const pending = callSite('/api/thing');
    await vi.runAllTimersAsync();
    expect(await pending).toMatchObject({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockReset();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await callSite('/api/thing', { method: 'POST', json: {} })).toMatchObject({ ok: false, status: 0, code: 'network_error' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without the page token, and rethrows an abort', async () => {
    document.head.querySelector('meta[name="csrf-token"]')?.remove();
    expect(await callSite('/x', { method: 'POST', json: {} })).toMatchObject({ ok: false, code: 'csrf_token_not_found' });
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(callSite('/api/company')).rejects.toThrow('aborted');
  });
});

describe('sendOnLeave', () => {
  it('uses a beacon with the token in the body (a beacon has no headers)', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    expect(sendOnLeave('/drafts/1', { title: '途中' })).toBe(true);
    const [path, body] = beacon.mock.calls[0] as unknown as [string, URLSearchParams];
    expect(path).toBe('/drafts/1');
    expect(Object.fromEntries(body)).toEqual({ title: '途中', authenticity_token: 'page-token' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to fetch keepalive when the beacon is refused', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    fetchMock.mockResolvedValueOnce(new Response(''));
    sendOnLeave('/drafts/1', { title: '途中' });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
  });
});
