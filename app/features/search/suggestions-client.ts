// Browser side of GET /api/company?source=incremental (SPEC.md section 7), shared by the
// header search box and the compare search panel, on the site's one client.

export type CompanySuggestion = { company_id: number; name: string; pref_name: string; url: string | null };

export const SUGGEST_DEBOUNCE_MS = 300;

/** The matching companies; a newer query aborts this one through `signal` (the abort is rethrown). */
export async function fetchCompanySuggestions(companyName: string, signal: AbortSignal): Promise<CompanySuggestion[]> {
  const params = new URLSearchParams({ source: 'incremental', company_name: companyName });
  // SPEC.md: JSON Accept and Content-Type headers plus an XHR marker.
  // Loaded with the first query, not with the page (every page has the search box).
  const { sendCall } = await import('../../lib/site-client');
  const response = await sendCall(`/api/company?${params}`, { signal, headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) throw new Error(`company search failed with status ${response.status}`);
  const body = (await response.json()) as { companies?: CompanySuggestion[] };
  return body.companies ?? [];
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
