// Browser side of POST /mypage/favorites and DELETE /mypage/favorites/{company_id}
// (SPEC.md section 7): form fields with the page's authenticity_token; the answer is not read.

export class FavoriteCallError extends Error {
  constructor(readonly status: number) {
    super(`favorite call answered ${status}`);
    this.name = 'FavoriteCallError';
  }
}

export function pageCsrfToken(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

export async function sendFavorite(options: { companyId: number; favorite: boolean; token: string }): Promise<void> {
  // Both calls send company_id and authenticity_token as form fields (SPEC.md section 7).
  const body = new URLSearchParams({ company_id: String(options.companyId), authenticity_token: options.token });
  const response = await fetch(options.favorite ? '/mypage/favorites' : `/mypage/favorites/${options.companyId}`, {
    method: options.favorite ? 'POST' : 'DELETE',
    body,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-Token': options.token },
  });
  if (!response.ok) throw new FavoriteCallError(response.status);
}
