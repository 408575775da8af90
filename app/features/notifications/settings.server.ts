// A student's notification settings (/mypage/notifications/settings): no row means the defaults
// (every reminder on, the digest 毎日). Changing the digest from 受け取らない back on starts from
// now: what was collected while it was off is never emailed late.
import { sql } from 'drizzle-orm';
import type { DigestFrequency } from '../../db/enums';
import { writeRows } from '../../db/client.server';
import { notificationSettings } from '../../db/schema';
import { inTransaction, orDb, type DbOrTx } from '../../db/transaction.server';
import type { MailKind } from './mails';

export type NotificationSettings = {
  digest: DigestFrequency;
  remindEsDeadline: boolean;
  remindWebTestDeadline: boolean;
  remindBriefing: boolean;
  remindInterview: boolean;
  remindEsThreeDays: boolean;
  reminderEmails: boolean;
  moderationEmails: boolean;
};

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  digest: 'daily',
  remindEsDeadline: true,
  remindWebTestDeadline: true,
  remindBriefing: true,
  remindInterview: true,
  remindEsThreeDays: true,
  reminderEmails: true,
  moderationEmails: true,
};

export async function getNotificationSettings(options: { tx?: DbOrTx; userId: number }): Promise<NotificationSettings> {
  const [row] = await orDb(options.tx).select().from(notificationSettings).where(sql`${notificationSettings.userId} = ${options.userId}`);
  if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
  const { userId: _user, updatedAt: _updated, ...settings } = row;
  return settings;
}

/** Saves every setting; answers the settings saved. */
export async function saveNotificationSettings(options: {
  tx?: DbOrTx;
  userId: number;
  settings: NotificationSettings;
  now?: Date;
}): Promise<NotificationSettings> {
  const now = options.now ?? new Date();
  return inTransaction(options.tx, async (tx) => {
    const before = await getNotificationSettings({ tx, userId: options.userId });
    await tx
      .insert(notificationSettings)
      .values({ userId: options.userId, ...options.settings, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...options.settings, updatedAt: now } });
    if (before.digest === 'off' && options.settings.digest !== 'off') {
      // Collected while it was off: on the site, never in a late email.
      await writeRows(
        sql`UPDATE notifications SET digested_at = ${now} WHERE user_id = ${options.userId} AND kind = 'new_post' AND digested_at IS NULL`,
        tx,
      );
    }
    return options.settings;
  });
}

/** The one-click unsubscribe: that kind of email stops, nothing else changes. */
export async function stopMailKind(options: { tx?: DbOrTx; userId: number; kind: MailKind }): Promise<void> {
  await inTransaction(options.tx, async (tx) => {
    const settings = await getNotificationSettings({ tx, userId: options.userId });
    if (options.kind === 'digest') settings.digest = 'off';
    if (options.kind === 'reminders') settings.reminderEmails = false;
    if (options.kind === 'moderation') settings.moderationEmails = false;
    await saveNotificationSettings({ tx, userId: options.userId, settings });
  });
}
