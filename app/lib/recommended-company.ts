/**
 * One company of the top page's おすすめの企業: what its card shows. In lib because the personal
 * call carries a student's list (app/lib/personal-parts.ts, docs/decisions/069-shared-top-page.md).
 */
export type RecommendedCompany = {
  id: number;
  name: string;
  industryName: string;
  prefectureName: string;
  internRatingAverage: number | null;
  publishedPostCount: number;
};
