/**
 * The `headers` export of the account routes: the Set-Cookie of a session started by the loader
 * or the action, and the Retry-After of a 429 (docs/decisions/053-email-limits.md), reach the
 * document response (React Router drops loader and action headers otherwise).
 */
export function accountPageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source.getSetCookie()) headers.append('Set-Cookie', cookie);
  }
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

/** The `headers` export of a page drawn for its viewer (/mypage, the posting pages, /admin): kept by no cache. */
export function privatePageHeaders(): HeadersInit {
  return { 'Cache-Control': 'private, no-store' };
}
