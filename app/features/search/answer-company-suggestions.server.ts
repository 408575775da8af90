import { APP_ERRORS, AppError, type ErrorBody } from '../../lib/app-error';
import { suggestCompanies, type CompanySuggestion } from './search-companies.server';

/** The longest company_name looked for (the catalog's company_name_too_long says the same number). */
export const MAX_NAME_LENGTH = 100;
const LIMIT = 20;

export type SuggestionAnswer = { status: 200; body: { companies: CompanySuggestion[] } } | { status: 400; body: ErrorBody };

function refusal(code: 'invalid_source' | 'company_name_too_long'): SuggestionAnswer {
  return { status: APP_ERRORS[code].status, body: new AppError(code).toBody() };
}

/**
 * GET /api/company?source=incremental&company_name=… (docs/product/calls.md#company-search-call), independent of the
 * HTTP framework; its errors are the catalog's (app/lib/app-error.ts).
 */
export async function answerCompanySuggestions(params: URLSearchParams): Promise<SuggestionAnswer> {
  if (params.get('source') !== 'incremental') return refusal('invalid_source');
  const companyName = params.get('company_name') ?? '';
  if (Array.from(companyName).length > MAX_NAME_LENGTH) return refusal('company_name_too_long');
  return { status: 200, body: { companies: await suggestCompanies({ companyName, limit: LIMIT }) } };
}
