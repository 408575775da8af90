import { AppError } from './app-error';

/** A JSON response; `data()` of React Router would also serialise, but resource routes answer plain JSON. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** Parses a positive integer id from a URL segment; anything else (12abc, 0, -1, 1e3) is null. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The method guard: a route that takes only some methods answers the others 405 (a JSON error
 * for calls, the error page for pages), with an Allow header.
 */
export function allowMethods(request: Request, ...methods: string[]): void {
  if (!methods.includes(request.method)) throw new AppError('method_not_allowed', { headers: { Allow: methods.join(', ') } });
}

/** Where a call-only loader keeps its methods, for the server's answer to other methods (server/route-methods.ts). */
export const CALL_ONLY_METHODS = Symbol.for('shulog.callOnlyMethods');

/** The loader of a call-only URL (a typed URL, a crawler): 405 for GET, with what it does take. */
export function callOnlyLoader(...methods: string[]): () => never {
  const loader = () => {
    throw new AppError('method_not_allowed', { headers: { Allow: methods.join(', ') } });
  };
  return Object.assign(loader, { [CALL_ONLY_METHODS]: methods });
}
