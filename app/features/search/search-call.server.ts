// GET /api/company (docs/product/calls.md#company-search-call) as an HTTP answer. See answerSearchCall.
import type pino from 'pino';
import { AppError } from '../../lib/app-error';
import { loggedUrl } from '../../lib/logged-url';
import { answerCompanySuggestions, type SuggestionAnswer } from './answer-company-suggestions.server';

/**
 * The whole answer of the search call, headers included, the one implementation of the URL: the
 * fast lane sends it in production (server/fast-lane.ts, server/route-rules.ts FAST_LANE) and the
 * route module (app/routes/api/company.ts) under `npm run dev`. A session's answer is private
 * (even public data: server/csrf.ts privateSessionResponses); a failing database is a JSON 503.
 */
export async function answerSearchCall(
  params: URLSearchParams,
  /** The request's URL (path and query), logged redacted when the search fails. */
  options: { session: boolean; logger: pino.Logger; url: string },
): Promise<{ status: number; body: SuggestionAnswer['body']; cacheControl: string }> {
  try {
    const answer = await answerCompanySuggestions(params);
    const cacheControl = options.session ? 'private, no-store' : answer.status === 200 ? 'public, max-age=10' : 'no-store';
    return { ...answer, cacheControl };
  } catch (error) {
    options.logger.error({ err: error, url: loggedUrl(options.url) }, 'company search failed');
    const unavailable = new AppError('search_unavailable');
    return { status: unavailable.status, body: unavailable.toBody(), cacheControl: 'no-store' };
  }
}
