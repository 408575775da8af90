import { z } from '../../lib/zod';
import { DIGEST_FREQUENCIES } from '../../db/enums';

/** A checkbox: 'on' when checked; a browser leaves an unchecked one out. */
const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on');

/** The form of /mypage/notifications/settings. */
export const notificationSettingsSchema = z.object({
  digest: z.enum(DIGEST_FREQUENCIES, { message: '新着投稿のお知らせメールの頻度を選んでください。' }),
  remindEsDeadline: checkbox,
  remindEsThreeDays: checkbox,
  remindWebTestDeadline: checkbox,
  remindBriefing: checkbox,
  remindInterview: checkbox,
  reminderEmails: checkbox,
  moderationEmails: checkbox,
});
