export const COMPANY_SORTS = ['relevance', 'posts', 'rating', 'kana'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export const SORT_LABELS: Record<CompanySort, string> = {
  relevance: '関連度順',
  posts: '投稿数順',
  rating: '評価順',
  kana: '五十音順',
};
