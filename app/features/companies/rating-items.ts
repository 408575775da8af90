// The nine intern-experience ratings (docs/product/content.md#the-nine-ratings), in their fixed order.
export const RATING_ITEMS = [
  { key: 'all', label: '総合評価', column: 'ratingAll' },
  { key: 'difficulty', label: '選考難易度', column: 'ratingDifficulty' },
  { key: 'industry_understanding', label: '業界理解', column: 'ratingIndustryUnderstanding' },
  { key: 'company_understanding', label: '企業理解', column: 'ratingCompanyUnderstanding' },
  { key: 'mentor', label: 'メンターのコミット', column: 'ratingMentor' },
  { key: 'growth', label: '自己成長', column: 'ratingGrowth' },
  { key: 'directly_linked_to_offer', label: '内定直結度', column: 'ratingDirectlyLinkedToOffer' },
  { key: 'level', label: '参加者のレベル', column: 'ratingLevel' },
  { key: 'theme', label: 'テーマの面白さ', column: 'ratingTheme' },
] as const;

export type RatingItemKey = (typeof RATING_ITEMS)[number]['key'];

/** The radar chart's items: every rating but 総合評価. */
export const CHART_ITEMS = RATING_ITEMS.filter((item) => item.key !== 'all');
