/**
 * The `headers` export of the account routes: the Set-Cookie of a session started by the loader
 * or the action reaches the document response (React Router drops loader headers otherwise).
 */
export function accountPageHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source.getSetCookie()) headers.append('Set-Cookie', cookie);
  }
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}
