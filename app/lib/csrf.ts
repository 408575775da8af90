// The CSRF token's names and the page's token (docs/decisions/004-csrf.md), shared by the
// server's check, the pages' forms and the browser client.

/** The form field (and JSON key) that carries the token, as in Rails. */
export const CSRF_PARAM = 'authenticity_token';
/** Readable by scripts: clients that echo it as X-XSRF-TOKEN (axios, Angular) work. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** The token of the page's csrf-token meta tag (docs/product/calls.md#conventions-of-every-call), or null: none on a visitor's page. */
export function pageCsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}
