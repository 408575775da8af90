// The notification emails' words (issue 33), pure: the digest of new posts at favorite companies,
// the selection board's reminders. Plain Japanese text; every one names the site, says why it
// came, and ends with the settings link and the link that stops this kind of email.
import type { TrackerEventKind } from '../../db/enums';
import { daysBetween } from '../../lib/tokyo-time';

/** The kinds of notification email a student can stop, each alone, and their names. */
export const MAIL_KINDS = {
  digest: '新着投稿のお知らせメール',
  reminders: '締切リマインダーのメール',
  moderation: '審査結果のお知らせメール',
} as const;
export type MailKind = keyof typeof MAIL_KINDS;

export function isMailKind(value: string): value is MailKind {
  return Object.hasOwn(MAIL_KINDS, value);
}

export const SETTINGS_PATH = '/mypage/notifications/settings';

type Footer = { origin: string; unsubscribeUrl: string; kind: MailKind };

function footer({ origin, unsubscribeUrl, kind }: Footer): string[] {
  return [
    '――',
    `お知らせの設定：${origin}${SETTINGS_PATH}`,
    `${MAIL_KINDS[kind]}の配信停止（ログインは不要です）：${unsubscribeUrl}`,
    '',
    'シューログ',
  ];
}

const greeting = (name: string | null) => (name ? `${name}さん` : 'シューログをご利用の皆さま');

export type DigestPost = { typeLabel: string; title: string; path: string; experience: boolean };
export type DigestCompany = { name: string; posts: DigestPost[] };

/**
 * The digest: each favorite company with its new posts' types, titles and links. The subject says
 * how many: 体験記 when every one is a 体験記, otherwise 投稿.
 */
export function digestMail(options: { name: string | null; companies: DigestCompany[]; weekly: boolean } & Footer): {
  subject: string;
  text: string;
} {
  const posts = options.companies.flatMap((company) => company.posts);
  const noun = posts.every((post) => post.experience) ? '体験記' : '投稿';
  const lines = [
    greeting(options.name),
    '',
    `お気に入りに登録している企業に、${options.weekly ? 'この1週間で' : ''}新しい${noun}が${posts.length}件投稿されました。`,
    '',
  ];
  for (const company of options.companies) {
    lines.push(`■ ${company.name}（${company.posts.length}件）`);
    for (const post of company.posts)
      lines.push(`・【${post.typeLabel}】${post.title || '（タイトルなし）'}`, `  ${options.origin}${post.path}`);
    lines.push('');
  }
  lines.push(`お知らせの一覧：${options.origin}/mypage/notifications`, '', ...footer(options));
  return { subject: `【シューログ】お気に入り企業に新しい${noun}が${posts.length}件投稿されました`, text: lines.join('\n') };
}

export const REMINDER_EVENT_LABELS: Record<TrackerEventKind, string> = {
  es_deadline: 'ES締切',
  web_test_deadline: 'Webテスト締切',
  briefing: '説明会',
  interview: '面接',
};

export type Reminder = { kind: TrackerEventKind; companyName: string; date: string; time: string | null };

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** 「11月30日（月）」 of a 'YYYY-MM-DD'. */
export function japaneseDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${month}月${day}日（${WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]}）`;
}

/** 「明日」「3日後」「今日」: how far the event is from `today`. */
export function whenInWords(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days <= 0) return '今日';
  if (days === 1) return '明日';
  return `${days}日後`;
}

/** A notice's line for one reminder: 「明日 11月30日（月）10:00：面接（〇〇株式会社）」. */
export function reminderLine(reminder: Reminder, today: string): string {
  return `${whenInWords(reminder.date, today)} ${japaneseDate(reminder.date)}${reminder.time ? ` ${reminder.time}` : ''}：${REMINDER_EVENT_LABELS[reminder.kind]}（${reminder.companyName}）`;
}

/** A notice's title for one reminder: 「明日はES締切です」. */
export function reminderTitle(reminder: Reminder, today: string): string {
  const label = REMINDER_EVENT_LABELS[reminder.kind];
  const when = whenInWords(reminder.date, today);
  return when === '今日' ? `今日は${label}です` : `${when}は${label}です`;
}

/** The reminders of one run for one student, in one email. */
export function reminderMail(options: { name: string | null; reminders: Reminder[]; today: string } & Footer): {
  subject: string;
  text: string;
} {
  const { reminders, today } = options;
  const first = reminders[0]!;
  const subject =
    reminders.length === 1
      ? `【シューログ】${whenInWords(first.date, today)}は${REMINDER_EVENT_LABELS[first.kind]}です（${first.companyName}）`
      : `【シューログ】選考の予定が${reminders.length}件近づいています`;
  const lines = [
    greeting(options.name),
    '',
    '選考管理に登録している予定が近づいています。',
    '',
    ...reminders.map((reminder) => `・${reminderLine(reminder, today)}`),
    '',
    `選考管理：${options.origin}/mypage/selections`,
    '',
    ...footer(options),
  ];
  return { subject, text: lines.join('\n') };
}

/** The footer of a moderator's decision email (notify-author.server.ts writes the rest). */
export function moderationMailFooter(options: Footer): string[] {
  return footer(options);
}
