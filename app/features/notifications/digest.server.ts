// The digest of new posts at favorite companies (docs/decisions/083-notifications.md): for every
// student whose notices of new posts wait, one email listing each company with its new posts,
// queued in the same transaction that marks those notices digested. A batch of students at a
// time, so memory stays bounded however many students there are, and each batch is all or
// nothing: a run cut short (kill -9) resumes with the students it had not done, and two runs at
// once (two processes, two servers) cannot take the same notice twice (the UPDATE's row locks).
import { sql } from 'drizzle-orm';
import type { DigestFrequency, PostTypeKey } from '../../db/enums';
import { writeRows } from '../../db/client.server';
import { inTransaction } from '../../db/transaction.server';
import { publicOrigin } from '../../lib/config.server';
import { enqueueEmails, type QueuedEmail } from '../email/queue.server';
import { POST_TYPES } from '../posts/post-types';
import { type DigestCompany, digestMail } from './mails';
import { unsubscribeUrl } from './unsubscribe-links.server';

/** Students a batch: one transaction each, a few hundred emails. */
export const DIGEST_BATCH = 500;

type TakenRow = {
  last: number;
  notice_id: number | null;
  user_id: number | null;
  digest: DigestFrequency | null;
  email: string | null;
  name: string | null;
  company_id: number | null;
  company_name: string | null;
  post_type: PostTypeKey | null;
  title: string | null;
  link: string | null;
  published: boolean | null;
};

export type DigestResult = { students: number; emails: number; posts: number; batches: number };

const EXPERIENCES = new Set<PostTypeKey>(['intern_experience', 'screening_experience']);

/**
 * Runs the digest of one frequency (毎日 or 毎週) for the notices made up to `windowEnd`. Students
 * who chose 受け取らない have theirs marked as well, never to be emailed late. `afterBatch` runs
 * after each committed batch (the scheduler renews its lease there); it may say stop.
 */
export async function runDigest(options: {
  frequency: 'daily' | 'weekly';
  windowEnd: Date;
  now?: Date;
  batchSize?: number;
  afterBatch?: () => Promise<boolean | undefined> | boolean | undefined;
}): Promise<DigestResult> {
  const result: DigestResult = { students: 0, emails: 0, posts: 0, batches: 0 };
  const origin = publicOrigin();
  const batchSize = options.batchSize ?? DIGEST_BATCH;
  let cursor = 0;
  for (;;) {
    const done = await inTransaction(undefined, async (tx) => {
      const now = options.now ?? new Date();
      const rows = await writeRows<TakenRow>(
        sql`WITH batch AS (
            SELECT DISTINCT user_id FROM notifications
            WHERE kind = 'new_post' AND digested_at IS NULL AND created_at <= ${options.windowEnd} AND user_id > ${cursor}
            ORDER BY user_id LIMIT ${batchSize}
          ), taken AS (
            UPDATE notifications n SET digested_at = ${now}
            FROM batch b LEFT JOIN notification_settings s ON s.user_id = b.user_id
            WHERE n.user_id = b.user_id AND n.kind = 'new_post' AND n.digested_at IS NULL AND n.created_at <= ${options.windowEnd}
              AND coalesce(s.digest, 'daily') IN (${options.frequency}, 'off')
            RETURNING n.user_id, n.post_id, n.company_id, n.detail AS title, n.link, n.created_at, n.id, coalesce(s.digest, 'daily') AS digest
          )
          SELECT (SELECT max(user_id) FROM batch) AS last, t.id AS notice_id, t.user_id, t.digest, u.email, u.name, t.company_id,
            c.name AS company_name, p.type AS post_type, t.title, t.link, p.status = 'published' AS published
          FROM (SELECT 1) one
          LEFT JOIN taken t ON true
          LEFT JOIN users u ON u.id = t.user_id
          LEFT JOIN companies c ON c.id = t.company_id
          LEFT JOIN posts p ON p.id = t.post_id
          ORDER BY t.user_id, c.name, t.company_id, t.created_at, t.id`,
        tx,
      );
      const last = rows[0]?.last;
      if (last == null) return true;
      cursor = Number(last);
      // One student's rows follow each other (ORDER BY): gathered one student at a time.
      const byStudent = new Map<number, TakenRow[]>();
      for (const row of rows) {
        if (row.user_id === null || row.digest !== options.frequency || !row.published || !row.email) continue;
        const list = byStudent.get(row.user_id) ?? [];
        list.push(row);
        byStudent.set(row.user_id, list);
      }
      const emails: QueuedEmail[] = [];
      for (const [userId, taken] of byStudent) {
        const companies: DigestCompany[] = [];
        for (const row of taken) {
          let company = companies.at(-1);
          if (!company || company.name !== row.company_name) {
            company = { name: row.company_name ?? '', posts: [] };
            companies.push(company);
          }
          const type = row.post_type!;
          company.posts.push({
            typeLabel: POST_TYPES[type].label,
            title: row.title ?? '',
            path: row.link ?? '',
            experience: EXPERIENCES.has(type),
          });
        }
        const unsubscribe = unsubscribeUrl(userId, 'digest');
        const mail = digestMail({
          name: taken[0]!.name,
          companies,
          weekly: options.frequency === 'weekly',
          origin,
          unsubscribeUrl: unsubscribe,
          kind: 'digest',
        });
        emails.push({
          to: taken[0]!.email!,
          subject: mail.subject,
          text: mail.text,
          // Once per notice taken: a batch replayed queues nothing twice.
          dedupeKey: `digest:${userId}:${Math.min(...taken.map((row) => Number(row.notice_id)))}`,
          unsubscribeUrl: unsubscribe,
        });
        result.posts += taken.length;
      }
      // One statement for the batch's emails.
      result.emails += await enqueueEmails({ tx, emails });
      result.students += byStudent.size;
      result.batches += 1;
      return false;
    });
    if (done) return result;
    if ((await options.afterBatch?.()) === false) return result;
  }
}
