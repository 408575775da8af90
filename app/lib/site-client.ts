// The one browser client for the site's own calls (docs/decisions/021-write-side-conventions.md,
// 056-one-error-shape.md): the CSRF token from the page's meta tag, the XSRF cookie echoed as a
// header, the XHR marker, JSON errors turned into typed results with their Japanese message,
// retries for idempotent calls, and sending while a page is being left. Every call of the
// browser goes through callSite (a test refuses a fetch elsewhere): the badge calls, the search
// box, the personal call, the favorite heart, clips, votes, the tracker button and the drafts.
// Pages load it when they first call (the heart, the search box), not up front: it is not on
// the way to a page's first paint.
import { browserCookie } from './cookies';
import { CSRF_PARAM, pageCsrfToken, XSRF_COOKIE } from './csrf';

export const CSRF_TOKEN_NOT_FOUND = 'CSRF token not found';

/** A call that failed: its status (0 for no answer), code and a message a student can read. */
export type CallFailure = {
  ok: false;
  status: number;
  code: string;
  message: string;
  /** Messages beside form fields, by their full path, when the server checked a form. */
  fields?: Record<string, string>;
};
export type CallResult<T> = { ok: true; status: number; data: T } | CallFailure;

const NETWORK_MESSAGE = '通信できませんでした。電波の良い場所で、もう一度お試しください。';
const SERVER_MESSAGE = 'エラーが発生しました。時間をおいてから、もう一度お試しください。';
const CONFLICT_MESSAGE = 'ほかの画面で先に保存された内容があります。最新の内容を読み込んでから、もう一度お試しください。';

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, with authenticity_token added for unsafe methods. */
  json?: Record<string, unknown>;
  /** Sent as a form (application/x-www-form-urlencoded), with authenticity_token added. */
  form?: Record<string, string | readonly string[]>;
  /** A file sent as the body itself (text/csv), its token in the header only (a streamed upload). */
  file?: Blob;
  signal?: AbortSignal;
  /**
   * Retries after a network failure or a 502/503/504, for calls that are safe to repeat (GET,
   * and writes that are idempotent by design, such as the favorite heart). Default: GET only.
   */
  retries?: number;
  /** Keep the request alive while the page is being left (fetch keepalive). */
  keepalive?: boolean;
  /** Extra headers (the search call of docs/product/calls.md#company-search-call also names its JSON Content-Type). */
  headers?: Record<string, string>;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RETRYABLE = new Set([502, 503, 504]);

/** The headers of every call: JSON wanted, XHR marker, the CSRF token and the XSRF cookie. */
export function callHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers['X-CSRF-Token'] = token;
  const xsrf = browserCookie(XSRF_COOKIE);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  return headers;
}

/**
 * The raw call: the fetch Response, or a thrown error. For unsafe methods without the page's
 * token nothing is sent and Error('CSRF token not found') is thrown (docs/product/calls.md#conventions-of-every-call).
 */
async function sendCall(path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.json || options.form ? 'POST' : 'GET');
  const token = pageCsrfToken();
  if (UNSAFE.has(method) && !token) throw new Error(CSRF_TOKEN_NOT_FOUND);
  const headers = { ...callHeaders(token), ...options.headers };
  let body: BodyInit | undefined;
  if (options.json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(UNSAFE.has(method) ? { [CSRF_PARAM]: token, ...options.json } : options.json);
  } else if (options.form) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form)) for (const item of [value].flat()) params.append(name, item);
    if (UNSAFE.has(method) && token) params.set(CSRF_PARAM, token);
    body = params;
  } else if (options.file) {
    headers['Content-Type'] = 'text/csv';
    body = options.file;
  }
  // No timeout: the client of docs/product/calls.md#conventions-of-every-call has none, and an abort signal is the caller's to give.
  return fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal, keepalive: options.keepalive });
}

async function failureOf(response: Response): Promise<CallFailure> {
  let error: { code?: unknown; message?: unknown; fields?: unknown } | undefined;
  try {
    error = ((await response.json()) as { error?: typeof error })?.error;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
  const message = typeof error?.message === 'string' ? error.message : response.status === 409 ? CONFLICT_MESSAGE : SERVER_MESSAGE;
  const fields = error?.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string>) : undefined;
  return { ok: false, status: response.status, code, message, ...(fields ? { fields } : {}) };
}

/**
 * A failed call as an error, for callers that rethrow failures (docs/product/calls.md#errors: a failed badge
 * fetch is rethrown; the search box shows its message): the failure's status (0 without an
 * answer) and code are kept for whoever wants to tell a 401 from a 500.
 */
export class CallError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(path: string, failure: CallFailure) {
    super(`${path} answered ${failure.status === 0 ? failure.code : failure.status}`);
    this.name = 'CallError';
    this.status = failure.status;
    this.code = failure.code;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A call of the site's own API, as a typed result: the JSON answer, or a failure with the
 * server's Japanese message (409 stale_revision included). Abort errors are rethrown, so that a
 * cancelled search stays silent; every other failure is a result, never a throw.
 */
export async function callSite<T>(path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const method = options.method ?? (options.json || options.form ? 'POST' : 'GET');
  const retries = options.retries ?? (method === 'GET' ? 2 : 0);
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await sendCall(path, options);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (error instanceof Error && error.message === CSRF_TOKEN_NOT_FOUND) {
        return { ok: false, status: 0, code: 'csrf_token_not_found', message: 'ページを再読み込みしてから、もう一度お試しください。' };
      }
      if (attempt < retries) {
        await wait(300 * 2 ** attempt);
        continue;
      }
      return { ok: false, status: 0, code: 'network_error', message: NETWORK_MESSAGE };
    }
    if (RETRYABLE.has(response.status) && attempt < retries) {
      await wait(300 * 2 ** attempt);
      continue;
    }
    if (!response.ok) return failureOf(response);
    const text = await response.text();
    return { ok: true, status: response.status, data: (text ? JSON.parse(text) : {}) as T };
  }
}

/**
 * Sends while the page is being left (pagehide), when fetch's promise may never settle. A beacon
 * cannot carry headers, so the token travels in the body, as a form field.
 */
export function sendOnLeave(path: string, form: Record<string, string>): boolean {
  const token = pageCsrfToken();
  if (!token) return false;
  const body = new URLSearchParams({ ...form, [CSRF_PARAM]: token });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, body)) return true;
  void fetch(path, { method: 'POST', body, credentials: 'same-origin', keepalive: true }).catch(() => {});
  return true;
}
