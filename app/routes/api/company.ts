import { answerCompanySuggestions } from '../../features/search/answer-company-suggestions.server';
import { json } from '../../lib/http';
import type { Route } from './+types/company';

// GET /api/company?source=incremental&company_name=… (SPEC.md section 7). The production server
// answers this path before React Router (server/app.ts) with the same function; this module
// serves the dev server and documents the route in the table.
export async function loader({ request }: Route.LoaderArgs) {
  const answer = await answerCompanySuggestions(new URL(request.url).searchParams);
  return json(answer.body, {
    status: answer.status,
    headers: { 'Cache-Control': answer.status === 200 ? 'public, max-age=10' : 'no-store' },
  });
}
