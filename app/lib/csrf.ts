// The CSRF token's names (docs/decisions/004-csrf.md), shared by the server's check, the pages'
// forms and the browser client.

/** The form field (and JSON key) that carries the token, as in Rails. */
export const CSRF_PARAM = 'authenticity_token';
/** Readable by scripts: clients that echo it as X-XSRF-TOKEN (axios, Angular) work. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
