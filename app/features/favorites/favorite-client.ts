// Browser side of POST /mypage/favorites and DELETE /mypage/favorites/{company_id} (docs/product/calls.md#favorite-calls), on the site's one client: form fields company_id and authenticity_token. Both calls
// are idempotent, so a network failure is retried once.
import { callSite, type CallResult } from '../../lib/site-client';

export function sendFavorite(options: { companyId: number; favorite: boolean }): Promise<CallResult<unknown>> {
  return callSite(options.favorite ? '/mypage/favorites' : `/mypage/favorites/${options.companyId}`, {
    method: options.favorite ? 'POST' : 'DELETE',
    form: { company_id: String(options.companyId) },
    retries: 1,
  });
}
