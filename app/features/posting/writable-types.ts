// The content types students write (PRODUCT.md section 2): every type but the imported
// employee word of mouth, with where each one's form lives.
import type { PostTypeKey } from '../../db/enums';
import { POSTING_ROUTES } from '../posts/posting-routes';

export type WritableType = Exclude<PostTypeKey, 'employee_word_mouth'>;

export function isWritableType(type: string): type is WritableType {
  return type !== 'employee_word_mouth' && WRITABLE_TYPES.includes(type as WritableType);
}

export const WRITABLE_TYPES: readonly WritableType[] = [
  'intern_entry_sheet',
  'screening_entry_sheet',
  'intern_experience',
  'screening_experience',
  'student_word_mouth',
  'company_study',
  'recruit_service_review',
  'jobhunt_prompt_report',
];

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
