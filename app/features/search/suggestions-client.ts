// Browser side of GET /api/company?source=incremental (SPEC.md section 7), shared by the
// header search box and the compare search panel.

export type CompanySuggestion = { company_id: number; name: string; pref_name: string; url: string | null };

export const SUGGEST_DEBOUNCE_MS = 300;

export async function fetchCompanySuggestions(companyName: string, signal: AbortSignal): Promise<CompanySuggestion[]> {
  const params = new URLSearchParams({ source: 'incremental', company_name: companyName });
  const response = await fetch(`/api/company?${params}`, {
    signal,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
  });
  if (!response.ok) throw new Error(`company search failed with status ${response.status}`);
  const body = (await response.json()) as { companies?: CompanySuggestion[] };
  return body.companies ?? [];
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
