import { suggestCompanies } from '../features/search/search-companies.server';
import { json, jsonError } from '../lib/http';
import type { Route } from './+types/api.company';

const MAX_NAME_LENGTH = 100;
const LIMIT = 20;

// GET /api/company?source=incremental&company_name=… (SPEC.md section 7).
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get('source') !== 'incremental') {
    return jsonError(400, 'invalid_source', 'source には incremental を指定してください。');
  }
  const companyName = params.get('company_name') ?? '';
  if (Array.from(companyName).length > MAX_NAME_LENGTH) {
    return jsonError(400, 'company_name_too_long', `企業名は${MAX_NAME_LENGTH}文字以内で入力してください。`);
  }
  const companies = await suggestCompanies({ companyName, limit: LIMIT });
  return json(
    { companies },
    // Suggestions may be a few seconds old anyway (docs/decisions/005-company-search.md).
    { headers: { 'Cache-Control': 'public, max-age=10' } },
  );
}
