// The content types students write (docs/product/content.md#content-types), their list and routes kept with the
// post types (features/posts/posting-routes.ts), and the URL of a type's form.
import { POSTING_ROUTES, WRITABLE_TYPES, type WritableType } from '../posts/posting-routes';

export { WRITABLE_TYPES, type WritableType };

export function isWritableType(type: string): type is WritableType {
  return (WRITABLE_TYPES as readonly string[]).includes(type);
}

/** The form of `type` for a subject, keeping the campaign parameters (utm_*) it was reached with. */
export function postingFormUrl(
  type: WritableType,
  options: { companyId?: number | null; recruitServiceId?: number | null; keep?: URLSearchParams } = {},
): string {
  const route = POSTING_ROUTES[type];
  const params = new URLSearchParams(route.query);
  if (options.companyId) params.set('company_id', String(options.companyId));
  if (options.recruitServiceId) params.set('recruit_service_id', String(options.recruitServiceId));
  for (const [name, value] of options.keep ?? []) if (name.startsWith('utm_')) params.set(name, value);
  const query = params.toString();
  return query ? `${route.form}?${query}` : route.form;
}
