import { suggestCompanies, type CompanySuggestion } from './search-companies.server';

const MAX_NAME_LENGTH = 100;
const LIMIT = 20;

export type SuggestionAnswer =
  | { status: 200; body: { companies: CompanySuggestion[] } }
  | { status: 400; body: { error: { code: string; message: string } } };

/**
 * GET /api/company?source=incremental&company_name=… (SPEC.md section 7), independent of the
 * HTTP framework: the route module and the server's fast path both answer with it.
 */
export async function answerCompanySuggestions(params: URLSearchParams): Promise<SuggestionAnswer> {
  if (params.get('source') !== 'incremental') {
    return { status: 400, body: { error: { code: 'invalid_source', message: 'source には incremental を指定してください。' } } };
  }
  const companyName = params.get('company_name') ?? '';
  if (Array.from(companyName).length > MAX_NAME_LENGTH) {
    return {
      status: 400,
      body: { error: { code: 'company_name_too_long', message: `企業名は${MAX_NAME_LENGTH}文字以内で入力してください。` } },
    };
  }
  return { status: 200, body: { companies: await suggestCompanies({ companyName, limit: LIMIT }) } };
}
