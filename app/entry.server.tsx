import { renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { loggedUrl } from './lib/logged-url';
import { logger } from './lib/logger.server';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * Errors of React Router's requests, logged once as one JSON line. A client's mistake (a method a
 * route does not take, an unknown route, a 4xx thrown by a route) is not an error of the server:
 * the request's own log line already says its status. A request the client gave up is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const url = new URL(request.url);
  logger().error({ err: error, method: request.method, url: loggedUrl(url.pathname + url.search) }, 'request failed');
};

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>;

/** A settled entry of React Router's stream cache: read without suspending. */
function settled(result: { done: boolean; value: string }): StreamCache[number] {
  return Object.assign(Promise.resolve(), { result });
}

/**
 * Reads the loader data that React Router streams into the page (its hydration data) to the
 * end, and hands it to the render as already read: the document then renders in one
 * synchronous pass instead of suspending once per chunk of that stream.
 */
async function settleHydrationData(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  context.renderMeta.streamCache = { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: '' }) };
}

/**
 * Renders the whole document before sending it: pages are small, search engines and
 * no-JavaScript readers get complete HTML, and the status code is final. Nothing in the tree
 * suspends on the server (the loader data is settled first, the badge popup mounts after
 * hydration), so React's synchronous renderer does the work: it is several times cheaper per
 * page than the streaming one (docs/decisions/015-uncached-page-cost.md).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.cspNonce ?? '';
  await settleHydrationData(routerContext);
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  // React leaves this marker where a component suspended: renderToString then sends the fallback
  // and says nothing. Nothing may suspend here (see above), so it is an error, not a page.
  if (html.includes('<!--$!')) throw new Error('A component suspended during the server render; render it after hydration instead');
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
