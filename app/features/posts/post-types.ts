// The nine content types of docs/product/content.md#content-types: their Japanese names and URL segments. The
// keys themselves are the database enum's (app/db/enums.ts).
import type { PostTypeKey } from '../../db/enums';

export type PostTypeInfo = {
  key: PostTypeKey;
  label: string;
  /** The URL segment of the type's lists and pages: /companies/{id}/{slug}, /{slug}/{id}. */
  slug: string;
  /** Badge earned by the first view of a post of this type (docs/product/badges.md#badge-kinds, 2xx), if any. */
  viewBadgeId: number | null;
  /** Badge earned by the first submission of this type (docs/product/badges.md#badge-kinds, 4xx), if any. */
  submitBadgeId: number | null;
};

export const POST_TYPES: Record<PostTypeKey, PostTypeInfo> = {
  intern_entry_sheet: {
    key: 'intern_entry_sheet',
    label: 'インターンES',
    slug: 'intern_entry_sheets',
    viewBadgeId: 204,
    submitBadgeId: 402,
  },
  screening_entry_sheet: {
    key: 'screening_entry_sheet',
    label: '本選考ES',
    slug: 'screening_entry_sheets',
    viewBadgeId: 205,
    submitBadgeId: 403,
  },
  intern_experience: {
    key: 'intern_experience',
    label: 'インターン体験記',
    slug: 'intern_experiences',
    viewBadgeId: 206,
    submitBadgeId: 404,
  },
  screening_experience: {
    key: 'screening_experience',
    label: '本選考体験記',
    slug: 'screening_experiences',
    viewBadgeId: 207,
    submitBadgeId: 405,
  },
  student_word_mouth: { key: 'student_word_mouth', label: '学生クチコミ', slug: 'word_mouths', viewBadgeId: 202, submitBadgeId: 406 },
  employee_word_mouth: {
    key: 'employee_word_mouth',
    label: '社員クチコミ',
    slug: 'employee_word_mouths',
    viewBadgeId: 201,
    submitBadgeId: null,
  },
  company_study: { key: 'company_study', label: '企業研究レポート', slug: 'company_studies', viewBadgeId: 203, submitBadgeId: 407 },
  recruit_service_review: {
    key: 'recruit_service_review',
    label: '就活サービス口コミ',
    slug: 'recruit_service_reviews',
    viewBadgeId: null,
    submitBadgeId: 408,
  },
  jobhunt_prompt_report: {
    key: 'jobhunt_prompt_report',
    label: '就活速報',
    slug: 'jobhunt_prompt_reports',
    viewBadgeId: 208,
    submitBadgeId: 401,
  },
};

/** The keys in the order of docs/product/content.md#content-types, for pages that already load this file (not the enums). */
export const POST_TYPE_LIST = Object.keys(POST_TYPES) as PostTypeKey[];

export function postTypeBySlug(slug: string): PostTypeInfo | undefined {
  return Object.values(POST_TYPES).find((info) => info.slug === slug);
}

/** Whether a path of this site is a post's page (/intern_experiences/12), its query and fragment aside. */
export function isPostPath(path: string): boolean {
  const match = /^\/([a-z_]+)\/\d+(?:[?#]|$)/.exec(path);
  return match !== null && postTypeBySlug(match[1]!) !== undefined;
}

export function postPath(type: PostTypeKey, id: number): `/${string}` {
  return `/${POST_TYPES[type].slug}/${id}`;
}
