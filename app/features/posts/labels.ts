// The Japanese words for the posts' enumerations (app/db/enums.ts), shared by the post page's
// facts and the posting forms, so that what a student picks is what readers see.
import type { EntrySheetResult, InternFormat, RejectionReason, ScreeningResult, ScreeningStepKind, Season } from '../../db/enums';

export const SEASON_LABELS: Record<Season, string> = { summer: '夏', winter: '冬' };
export const INTERN_FORMAT_LABELS: Record<InternFormat, string> = { in_person: '対面', online: 'オンライン' };
export const SCREENING_RESULT_LABELS: Record<ScreeningResult, string> = {
  offer: '内定',
  rejected: '不合格',
  declined: '辞退',
  in_progress: '選考中',
};
export const ENTRY_SHEET_RESULT_LABELS: Record<EntrySheetResult, string> = { passed: '通過', failed: '不通過', unknown: '結果待ち' };
export const STEP_KIND_LABELS: Record<ScreeningStepKind, string> = { es: 'ES', web_test: 'Webテスト', gd: 'GD', interview: '面接' };

/** 2026-11-20 → 2026年11月20日 (a calendar date, no time zone involved). */
export function formatCalendarDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  return year && month && day ? `${year}年${month}月${day}日` : value;
}

/** The moderator's preset reasons for sending a post back, as the author reads them. */
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  personal_information: '個人が特定できる内容',
  defamation: '誹謗中傷・不適切な表現',
  insufficient_content: '内容が不十分',
  wrong_company_or_type: '企業または種類の誤り',
  duplicate: '重複投稿',
  other: 'その他',
};
