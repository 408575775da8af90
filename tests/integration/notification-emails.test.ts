// Notification emails through a real SMTP server (issue 33): the queue's SMTP transport (nodemailer)
// delivers to an SMTP server this test starts (tests/support/smtp-sink.ts: smtp-server, nodemailer's
// own), and each message is read again whole with mailparser: the digest and the reminders carry
// List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), a Message-ID, a Date, the Japanese subject
// encoded, and the body a student reads; an account email (a password reset) has no unsubscribe header.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../app/db/client.server';
import { emailJobs, postRevisions } from '../../app/db/schema';
import { requestPasswordReset } from '../../app/features/accounts/request-password-reset.server';
import { deliverDueEmails, emailMessageId } from '../../app/features/email/queue.server';
import { smtpTransport } from '../../app/features/email/transport.server';
import { approveRevision } from '../../app/features/moderation/decide.server';
import { runDigest } from '../../app/features/notifications/digest.server';
import { runReminders } from '../../app/features/notifications/reminders.server';
import { addTrackerEvent } from '../../app/features/tracker/writes.server';
import { addDays, tokyoDate, tokyoInstant } from '../../app/lib/tokyo-time';
import { createCompany, createModerator, createStudent, favoriteCompany, newRequester, submitPost, trackCompany } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';

setUpTestDatabase();

type Received = { raw: string; parsed: ParsedMail };
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.close();
});

async function deliver() {
  const transport = smtpTransport(sink.url);
  for (let round = 0; round < 10; round++) if ((await deliverDueEmails({ transport, limit: 50 })).claimed === 0) return;
}

/** A header as the message carries it (mailparser folds the List-* headers into one object). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.slice(name.length + 1)
    .replace(/\r\n[ \t]+/g, ' ')
    .trim();

/** The messages to `address`, each parsed again whole (its header lines as sent). */
const to = (address: string): Promise<Received[]> =>
  Promise.all(
    sink.messages
      .filter((mail) => mail.to.includes(address))
      .map(async (mail) => ({ raw: mail.data, parsed: await simpleParser(mail.data) })),
  );

describe('notification emails over SMTP', () => {
  it('sends the digest with the one-click unsubscribe headers, a Message-ID, a Date and an encoded Japanese subject', async () => {
    const moderator = await createModerator();
    const { companyId } = await createCompany({ name: '株式会社メール配信' });
    const reader = await createStudent({ profile: { name: '受信' } });
    await favoriteCompany({ userId: reader.userId, companyId });
    const author = await createStudent();
    const { postId } = await submitPost({
      type: 'intern_experience',
      authorId: author.userId,
      companyId,
      content: { title: '冬の1dayインターン' },
    });
    const [revision] = await db()
      .select({ revision: postRevisions.revision })
      .from(postRevisions)
      .where(and(eq(postRevisions.postId, postId), eq(postRevisions.status, 'submitted')));
    await approveRevision({ moderatorId: moderator.userId, postId, revision: revision!.revision });
    await runDigest({ frequency: 'daily', windowEnd: new Date() });
    await deliver();

    const [mail, ...more] = await to(reader.email);
    expect(more).toEqual([]);
    const { parsed, raw } = mail!;
    expect(parsed.subject).toBe('【シューログ】お気に入り企業に新しい体験記が1件投稿されました');
    // The subject travels encoded (RFC 2047), never as raw UTF-8 in the header.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    const [job] = await db().select().from(emailJobs).where(eq(emailJobs.to, reader.email));
    expect(parsed.messageId).toBe(emailMessageId(job!));
    expect(parsed.date).toBeInstanceOf(Date);
    expect(Math.abs(parsed.date!.getTime() - Date.now())).toBeLessThan(60_000);
    const unsubscribe = job!.unsubscribeUrl!;
    expect(unsubscribe).toMatch(/^http:\/\/.+\/notifications\/unsubscribe\/\d+-digest-[A-Za-z0-9_-]{32}$/);
    expect(header(parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(parsed, 'list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(parsed.text).toContain('受信さん');
    expect(parsed.text).toContain('■ 株式会社メール配信（1件）');
    expect(parsed.text).toContain('・【インターン体験記】冬の1dayインターン');
    expect(parsed.text).toContain(`/intern_experiences/${postId}`);
    expect(parsed.text).toContain(unsubscribe);
    expect(parsed.text).toContain('/mypage/notifications/settings');
    // The author's decision email: its own kind of unsubscribe.
    const decision = (await to(author.email))[0]!;
    expect(decision.parsed.subject).toBe('【シューログ】投稿が公開されました');
    expect(header(decision.parsed, 'list-unsubscribe')).toMatch(/^<http:[^>]+-moderation-[^>]+>$/);
  });

  it('sends a reminder with the same headers, and an account email without them', async () => {
    const student = await createStudent();
    const { companyId } = await createCompany({ name: '株式会社締切' });
    await trackCompany({ userId: student.userId, companyId, category: 'intern' });
    const day = addDays(tokyoDate(), 10);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const slot = tokyoInstant(y, m, d, 8);
    await addTrackerEvent({
      userId: student.userId,
      companyId,
      event: { kind: 'web_test_deadline', date: addDays(day, 1), time: '23:59', place: '', url: '', memo: '' },
      now: new Date(slot.getTime() - 2 * 86_400_000),
    });
    await runReminders({ from: new Date(slot.getTime() - 86_400_000), to: slot, now: slot });
    await requestPasswordReset({ email: student.email, requester: { ...newRequester(), sessionId: randomUUID() } });
    await deliver();
    const mails = await to(student.email);
    const reminder = mails.find((mail) => mail.parsed.subject?.includes('Webテスト締切'))!;
    expect(reminder.parsed.subject).toBe('【シューログ】明日はWebテスト締切です（株式会社締切）');
    expect(header(reminder.parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(reminder.parsed, 'list-unsubscribe')).toMatch(/^<http:[^>]+-reminders-[^>]+>$/);
    expect(reminder.parsed.text).toContain('23:59：Webテスト締切（株式会社締切）');
    const reset = mails.find((mail) => mail.parsed.subject?.includes('パスワード'))!;
    expect(reset).toBeDefined();
    expect(header(reset.parsed, 'list-unsubscribe')).toBeUndefined();
    expect(header(reset.parsed, 'list-unsubscribe-post')).toBeUndefined();
    expect(reset.parsed.messageId).toMatch(/^<email-\d+\./);
  });
});
