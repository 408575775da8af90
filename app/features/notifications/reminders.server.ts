// The selection board's reminders (締切リマインダー; docs/decisions/083-notifications.md): at 8:00
// Tokyo time on the day before each event (ES締切, Webテスト締切, 説明会, 面接), and for an ES締切
// also three days before. A run sends the reminders whose time fell in its window (after the
// previous run's slot, up to this one's), for events still to come, that were dated before their
// reminder time (an event added or moved later gets none for the time already past). Each is a
// notice with a unique key, made with its email in one transaction per batch of students: a run
// repeated, resumed or doubled sends nothing twice.
import { sql } from 'drizzle-orm';
import type { TrackerEventKind } from '../../db/enums';
import { selectRows } from '../../db/client.server';
import { notifications } from '../../db/schema';
import { inTransaction } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { addDays, TOKYO_TIME_ZONE, tokyoDate } from '../../lib/tokyo-time';
import { enqueueEmails, type QueuedEmail } from '../email/queue.server';
import { type Reminder, reminderLine, reminderMail, reminderTitle } from './mails';
import { JOB_HOUR, reminderInstant } from './schedule';
import { unsubscribeUrl } from './unsubscribe-links.server';

export const REMINDER_BATCH = 500;

type DueRow = {
  id: number;
  user_id: number;
  company_id: number;
  company_name: string;
  kind: TrackerEventKind;
  date: string;
  time: string | null;
  days: number;
  email: string;
  name: string | null;
  emails: boolean;
};

/** The event dates whose reminder `daysBefore` days ahead falls in (from, to], from `today` on. */
export function reminderDates(from: Date, to: Date, daysBefore: number, today: string): string[] {
  const dates: string[] = [];
  for (let day = addDays(tokyoDate(from), -1); day <= tokyoDate(to); day = addDays(day, 1)) {
    const eventDate = addDays(day, daysBefore);
    const at = reminderInstant(eventDate, daysBefore).getTime();
    if (at > from.getTime() && at <= to.getTime() && eventDate >= today) dates.push(eventDate);
  }
  return dates;
}

/** A list of dates as one array parameter (drizzle spreads a JS array into a row of parameters). */
const dateArray = (dates: string[]) => `{${dates.join(',')}}`;

export type ReminderResult = { reminders: number; emails: number; batches: number };

export async function runReminders(options: {
  from: Date;
  to: Date;
  now?: Date;
  batchSize?: number;
  afterBatch?: () => Promise<boolean | undefined> | boolean | undefined;
}): Promise<ReminderResult> {
  const result: ReminderResult = { reminders: 0, emails: 0, batches: 0 };
  const today = tokyoDate(options.now ?? new Date());
  const dayBefore = reminderDates(options.from, options.to, 1, today);
  const threeDays = reminderDates(options.from, options.to, 3, today);
  if (dayBefore.length === 0 && threeDays.length === 0) return result;
  const origin = publicOrigin();
  const batchSize = options.batchSize ?? REMINDER_BATCH;
  // The reminder's instant, in SQL: 8:00 in Tokyo, `days` before the event's date.
  const reminderAt = sql`(((e.date - k.days)::timestamp + make_interval(hours => ${JOB_HOUR})) AT TIME ZONE ${TOKYO_TIME_ZONE})`;
  let cursor = 0;
  for (;;) {
    const done = await inTransaction(undefined, async (tx) => {
      const rows = await selectRows<DueRow>(
        sql`WITH due AS (
            SELECT e.id, e.user_id, e.company_id, e.kind, e.date::text AS date, e.time, k.days, s.reminder_emails
            FROM tracker_events e
            JOIN (VALUES (1), (3)) AS k(days) ON k.days = 1 OR e.kind = 'es_deadline'
            LEFT JOIN notification_settings s ON s.user_id = e.user_id
            WHERE ((k.days = 1 AND e.date = ANY(${dateArray(dayBefore)}::date[])) OR (k.days = 3 AND e.date = ANY(${dateArray(threeDays)}::date[])))
              AND e.date_set_at <= ${reminderAt}
              AND CASE e.kind
                WHEN 'es_deadline' THEN coalesce(s.remind_es_deadline, true) AND (k.days = 1 OR coalesce(s.remind_es_three_days, true))
                WHEN 'web_test_deadline' THEN coalesce(s.remind_web_test_deadline, true)
                WHEN 'briefing' THEN coalesce(s.remind_briefing, true)
                ELSE coalesce(s.remind_interview, true) END
              AND e.user_id > ${cursor}
          ), batch AS (SELECT DISTINCT user_id FROM due ORDER BY user_id LIMIT ${batchSize})
          SELECT d.id, d.user_id, d.company_id, c.name AS company_name, d.kind, d.date, d.time, d.days,
            u.email, u.name, coalesce(d.reminder_emails, true) AS emails
          FROM due d JOIN batch b ON b.user_id = d.user_id
          JOIN users u ON u.id = d.user_id
          JOIN companies c ON c.id = d.company_id
          ORDER BY d.user_id, d.date, d.time NULLS FIRST, d.id, d.days`,
        tx,
      );
      if (rows.length === 0) return true;
      cursor = rows.at(-1)!.user_id;
      const reminderOf = (row: DueRow): Reminder => ({ kind: row.kind, companyName: row.company_name, date: row.date, time: row.time });
      const made = await tx
        .insert(notifications)
        .values(
          rows.map((row) => ({
            userId: row.user_id,
            kind: 'reminder' as const,
            title: reminderTitle(reminderOf(row), today),
            detail: reminderLine(reminderOf(row), today),
            link: '/mypage/selections',
            companyId: row.company_id,
            dedupeKey: `reminder:${row.id}:${row.date}:${row.days}`,
          })),
        )
        .onConflictDoNothing()
        .returning({ dedupeKey: notifications.dedupeKey });
      const fresh = new Set(made.map((row) => row.dedupeKey));
      const byStudent = new Map<number, DueRow[]>();
      for (const row of rows) {
        if (!fresh.has(`reminder:${row.id}:${row.date}:${row.days}`)) continue;
        result.reminders += 1;
        if (!row.emails) continue;
        byStudent.set(row.user_id, [...(byStudent.get(row.user_id) ?? []), row]);
      }
      const emails: QueuedEmail[] = [];
      for (const [userId, due] of byStudent) {
        const unsubscribe = unsubscribeUrl(userId, 'reminders');
        const mail = reminderMail({
          name: due[0]!.name,
          reminders: due.map(reminderOf),
          today,
          origin,
          unsubscribeUrl: unsubscribe,
          kind: 'reminders',
        });
        emails.push({
          to: due[0]!.email,
          subject: mail.subject,
          text: mail.text,
          dedupeKey: `reminders:${userId}:${due.map((row) => `${row.id}.${row.date}.${row.days}`).join(',')}`.slice(0, 500),
          unsubscribeUrl: unsubscribe,
        });
      }
      result.emails += await enqueueEmails({ tx, emails });
      result.batches += 1;
      return false;
    });
    if (done) return result;
    if ((await options.afterBatch?.()) === false) return result;
  }
}
