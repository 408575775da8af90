// The forms of moderation and reports: one zod schema each, checked in the browser by
// ValidatedForm and on the server by readForm, with Japanese messages beside the fields.
import { z } from '../../lib/zod';
import { REJECTION_REASONS, REPORT_REASONS, type ReportReason } from '../../db/enums';

export const DECISION_NOTE_MAX = 1000;
export const REPORT_NOTE_MAX = 500;

const note = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${max}文字以内で入力してください。`)
    .optional()
    .transform((value) => value ?? '');

/** Sending a revision back, or taking a reported post down: a preset reason and an optional note. */
/** The revision the moderator looked at, a hidden field: wrong only in a tampered form. */
const revision = z.coerce
  .number({ message: 'ページを再読み込みしてから、もう一度お試しください。' })
  .int('ページを再読み込みしてから、もう一度お試しください。')
  .positive('ページを再読み込みしてから、もう一度お試しください。');

export const rejectionSchema = z.object({
  revision,
  reason: z.enum(REJECTION_REASONS, { message: '理由を選んでください。' }),
  note: note(DECISION_NOTE_MAX),
});

/** Taking a reported post down: the same reason, for the revision readers see. */
export const unpublishSchema = rejectionSchema.omit({ revision: true });

export const approvalSchema = z.object({ revision });

export const dismissalSchema = z.object({ note: note(DECISION_NOTE_MAX) });

/** A reader's report of a published post. */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: '報告の理由を選んでください。' }),
  note: note(REPORT_NOTE_MAX),
});

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  personal_information: '個人が特定できる内容が含まれている',
  defamation: '誹謗中傷・不適切な表現がある',
  false_information: '事実と異なる内容が含まれている',
  wrong_company_or_type: '企業または投稿の種類が違う',
  spam: '宣伝・スパム',
  other: 'その他',
};
