import { describe, expect, it } from 'vitest';
import { digestMail, japaneseDate, reminderMail, whenInWords } from './mails';

const footer = {
  origin: 'https://shulog.example',
  unsubscribeUrl: 'https://shulog.example/notifications/unsubscribe/1-digest-x',
  kind: 'digest' as const,
};

describe('notification emails', () => {
  it('counts the posts in the subject, 体験記 only when every one is', () => {
    const experience = { typeLabel: 'インターン体験記', title: '夏', path: '/intern_experiences/1', experience: true };
    const es = { typeLabel: 'インターンES', title: '', path: '/intern_entry_sheets/2', experience: false };
    expect(
      digestMail({ name: '山田', companies: [{ name: 'A社', posts: [experience, experience, experience] }], weekly: false, ...footer })
        .subject,
    ).toBe('【シューログ】お気に入り企業に新しい体験記が3件投稿されました');
    const mixed = digestMail({
      name: null,
      companies: [
        { name: 'A社', posts: [experience] },
        { name: 'B社', posts: [es] },
      ],
      weekly: true,
      ...footer,
    });
    expect(mixed.subject).toBe('【シューログ】お気に入り企業に新しい投稿が2件投稿されました');
    expect(mixed.text).toContain('シューログをご利用の皆さま');
    expect(mixed.text).toContain('この1週間で');
    expect(mixed.text).toContain('■ B社（1件）\n・【インターンES】（タイトルなし）\n  https://shulog.example/intern_entry_sheets/2');
    expect(mixed.text).toContain(`新着投稿のお知らせメールの配信停止（ログインは不要です）：${footer.unsubscribeUrl}`);
  });

  it('writes dates and days the Japanese way', () => {
    expect(japaneseDate('2026-11-30')).toBe('11月30日（月）');
    expect(whenInWords('2026-12-01', '2026-11-30')).toBe('明日');
    expect(whenInWords('2026-12-03', '2026-11-30')).toBe('3日後');
    expect(whenInWords('2026-11-30', '2026-11-30')).toBe('今日');
    const one = reminderMail({
      name: '山田',
      reminders: [{ kind: 'es_deadline', companyName: 'A社', date: '2026-12-01', time: '23:59' }],
      today: '2026-11-30',
      ...footer,
      kind: 'reminders',
    });
    expect(one.subject).toBe('【シューログ】明日はES締切です（A社）');
    expect(one.text).toContain('・明日 12月1日（火） 23:59：ES締切（A社）');
  });
});
