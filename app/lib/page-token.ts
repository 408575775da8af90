/** The token of the page's csrf-token meta tag (SPEC.md section 7), or null: none on a visitor's page. */
export function pageCsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}
