// Where each content type is posted (docs/product/content.md#content-types): pure constants, apart from
// post-types.ts so that pages that only name the types (the company page) do not ship them.
import type { PostTypeKey } from '../../db/enums';

/** How a content type's form is reached (the posting routes of docs/product/content.md#content-types). */
export type PostingRoute = {
  /** The form. */
  form: `/${string}`;
  /** The page that chooses the subject first, for the types that have one. */
  chooser?: `/${string}`;
  /** A fixed query the form needs (the kind of ES). */
  query?: Record<string, string>;
};

/** The content types students write: every type but the imported employee word of mouth. */
export type WritableType = Exclude<PostTypeKey, 'employee_word_mouth'>;

/** The posting routes, in the order of the types (docs/product/content.md#content-types). */
export const POSTING_ROUTES: Record<WritableType, PostingRoute> = {
  intern_entry_sheet: { form: '/entry_sheets/new', query: { selection_type: 'intern' } },
  screening_entry_sheet: { form: '/entry_sheets/new', query: { selection_type: 'recruit' } },
  intern_experience: { form: '/intern_experiences/new', chooser: '/intern_experiences/select_company' },
  screening_experience: { form: '/screening_experiences/new', chooser: '/screening_experiences/select_company' },
  student_word_mouth: { form: '/word_mouths/new' },
  company_study: { form: '/company_studies/new' },
  recruit_service_review: { form: '/recruit_service_reviews/new', chooser: '/recruit_service_reviews/recruit_service_list' },
  jobhunt_prompt_report: { form: '/jobhunt_prompt_reports/new' },
};

export const WRITABLE_TYPES = Object.keys(POSTING_ROUTES) as WritableType[];

/** Where posting a type starts (its chooser, or its form), or null for a type without a form. */
export function postingEntryPath(type: PostTypeKey): string | null {
  if (type === 'employee_word_mouth') return null;
  const route = POSTING_ROUTES[type];
  if (route.chooser) return route.chooser;
  const query = new URLSearchParams(route.query).toString();
  return query ? `${route.form}?${query}` : route.form;
}
