// Browser side of GET /api/company?source=incremental (docs/product/calls.md#company-search-call), shared by the
// header search box and the compare search panel, on the site's one client.

export type CompanySuggestion = { company_id: number; name: string; pref_name: string; url: string | null };

export const SUGGEST_DEBOUNCE_MS = 300;

/** The matching companies; a newer query aborts this one through `signal` (the abort is rethrown). */
export async function fetchCompanySuggestions(companyName: string, signal: AbortSignal): Promise<CompanySuggestion[]> {
  const params = new URLSearchParams({ source: 'incremental', company_name: companyName });
  // docs/product/calls.md#company-search-call: JSON Accept and Content-Type headers plus an XHR marker.
  // Loaded with the first query, not with the page (every page has the search box). No retry:
  // the next keystroke asks again.
  const { CallError, callSite } = await import('../../lib/site-client');
  const path = `/api/company?${params}`;
  const result = await callSite<{ companies?: CompanySuggestion[] }>(path, {
    signal,
    headers: { 'Content-Type': 'application/json' },
    retries: 0,
  });
  if (!result.ok) throw new CallError(path, result);
  return result.data.companies ?? [];
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
