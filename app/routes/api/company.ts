import { answerSearchCall } from '../../features/search/search-call.server';
import { hasSessionCookie } from '../../lib/cookies';
import { json } from '../../lib/http';
import { logger } from '../../lib/logger.server';
import type { Route } from './+types/company';

// GET /api/company?source=incremental&company_name=… (docs/product/calls.md#company-search-call). The production server
// answers GET and HEAD of this URL before React Router (server/route-rules.ts FAST_LANE) with the
// same answer, headers included (answerSearchCall): this module is the URL's row in the table,
// answers its other methods (405) and serves `npm run dev`.
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const answer = await answerSearchCall(url.searchParams, {
    session: hasSessionCookie(request.headers.get('Cookie')),
    logger: logger(),
    url: url.pathname + url.search,
  });
  return json(answer.body, { status: answer.status, headers: { 'Cache-Control': answer.cacheControl } });
}
