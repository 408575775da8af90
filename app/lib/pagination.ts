/** Clamps a requested page into 1…pageCount (an empty list still has page 1) and gives its offset. */
export function pageOf(options: { total: number; page: number; perPage: number }) {
  const pageCount = Math.max(1, Math.ceil(options.total / options.perPage));
  const page = Math.min(Math.max(1, options.page), pageCount);
  return { page, pageCount, offset: (page - 1) * options.perPage };
}
