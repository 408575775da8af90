// The tracker's forms (issue 17): one zod schema each, shared by the board's actions and its
// fields, with Japanese messages beside each field.
import { z } from '../../lib/zod';
import { TRACKER_CATEGORIES, TRACKER_EVENT_KINDS, TRACKER_OUTCOMES, TRACKER_STATUSES } from '../../db/enums';
import { isCalendarDate } from './dates';

const id = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(2_147_483_647, message);
const day = z.string().trim().min(1, '日付を入力してください。').refine(isCalendarDate, '日付を正しく入力してください（例: 2026-12-01）。');

export const addEntrySchema = z.object({
  company_id: id('企業を選んでください。'),
  /** Both: the company goes on the board as an internship and as a screening. */
  category: z.enum([...TRACKER_CATEGORIES, 'both'], { message: 'インターンか本選考かを選んでください。' }),
});

export const setStateSchema = z.object({
  entry_id: id('企業が見つかりません。'),
  status: z.enum(TRACKER_STATUSES, { message: '段階を選んでください。' }),
  outcome: z.enum(['', ...TRACKER_OUTCOMES], { message: '結果を選んでください。' }).transform((value) => (value === '' ? null : value)),
  on: day,
});

const MEMO_MAX = 500;

export const addEventSchema = z
  .object({
    company_id: id('企業を選んでください。'),
    kind: z.enum(TRACKER_EVENT_KINDS, { message: '予定の種類を選んでください。' }),
    date: z.string().trim(),
    time: z
      .string()
      .trim()
      .refine((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), '時刻を正しく入力してください（例: 13:00）。'),
    place: z.string().trim().max(100, '場所は100文字以内で入力してください。'),
    url: z
      .string()
      .trim()
      .max(500, 'URLが長すぎます。')
      .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'URLは https:// から始まる形で入力してください。'),
    memo: z.string().trim().max(MEMO_MAX, `メモは${MEMO_MAX}文字以内で入力してください。`),
  })
  .superRefine((value, context) => {
    if (value.date === '') {
      context.addIssue({
        code: 'custom',
        path: ['date'],
        message: value.time ? '時刻だけでは登録できません。日付も入力してください。' : '日付を入力してください。',
      });
    } else if (!isCalendarDate(value.date)) {
      context.addIssue({ code: 'custom', path: ['date'], message: '日付を正しく入力してください（例: 2026-12-01）。' });
    }
  })
  .transform((value) => ({ ...value, time: value.time === '' ? null : value.time }));

export const deleteEventSchema = z.object({ event_id: id('予定が見つかりません。') });
