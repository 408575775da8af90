// Reward points (報酬ポイント) per published post, one table for the whole site
// (docs/decisions/026-moderation.md). A post is paid once, when it is first published; what a
// student puts most work into pays most. Employee word of mouth is imported and has no author.
import { POST_TYPE_KEYS, type PostTypeKey } from '../../db/enums';

export const POINTS_BY_POST_TYPE: Record<PostTypeKey, number> = {
  intern_experience: 500,
  screening_experience: 500,
  intern_entry_sheet: 300,
  screening_entry_sheet: 300,
  company_study: 300,
  recruit_service_review: 200,
  student_word_mouth: 100,
  jobhunt_prompt_report: 100,
  employee_word_mouth: 0,
};

/** The types that pay, the best paid first (ties in the order of the types): /mypage/points' table. */
export const PAID_POST_TYPES: PostTypeKey[] = POST_TYPE_KEYS.filter((key) => POINTS_BY_POST_TYPE[key] > 0).sort(
  (a, b) => POINTS_BY_POST_TYPE[b] - POINTS_BY_POST_TYPE[a],
);

/** 1500 → 「1,500pt」 */
export function formatPoints(points: number): string {
  return `${points.toLocaleString('ja-JP')}pt`;
}
