// The filters of /admin/companies, shown in the browser too.

/**
 * The filters of the admin company list (decision 077): the companies a moderator still has to
 * complete after an import (業種 未分類, no reading), and the closed corporations.
 */
export const ADMIN_COMPANY_FILTERS = {
  unclassified: '業種が未分類',
  no_reading: 'フリガナなし',
  closed: '閉鎖された法人',
} as const;
export type AdminCompanyFilter = keyof typeof ADMIN_COMPANY_FILTERS;

export function isAdminCompanyFilter(value: string | null): value is AdminCompanyFilter {
  return value !== null && Object.hasOwn(ADMIN_COMPANY_FILTERS, value);
}
