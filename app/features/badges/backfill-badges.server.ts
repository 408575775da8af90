// Re-evaluates every student's badges from what the database holds, through the same rules as
// the live engine, and grants what is missing. What can and cannot be rebuilt this way is in
// docs/decisions/011-badges.md (page views are counted per company and day, without the student).
import { sql } from 'drizzle-orm';
import { selectRows, writeRows } from '../../db/client.server';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import type { PostTypeKey } from '../../db/enums';
import type { TrackerCategory, TrackerStatus } from '../../db/enums';
import { badgesEarnedBy, type Activity } from './rules';

export type BackfillSummary = {
  students: number;
  /** Grants inserted by this run (badges a student already had are left as they were). */
  granted: number;
  byBadgeKind: Record<number, number>;
};

/** An activity and when it happened; `at` is null where the database keeps no time. */
export type DatedActivity = { activity: Activity; at: Date | null; submittedPostCount?: number };

const BATCH_SIZE = 500;

/**
 * The earliest moment each badge was earned by a student's activities. Undated activities count
 * as now, so a dated one wins for the same badge.
 */
export function earliestGrants(userId: number, activities: DatedActivity[], now: Date): Map<number, Date> {
  const grants = new Map<number, Date>();
  for (const { activity, at, submittedPostCount } of activities) {
    const when = at ?? now;
    for (const id of badgesEarnedBy(activity, { userId, submittedPostCount })) {
      const current = grants.get(id);
      if (!current || when < current) grants.set(id, when);
    }
  }
  return grants;
}

type Dated = { user_id: number; at: Date | string | null };
const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

async function activitiesOf(handle: DbOrTx, userIds: number[]): Promise<Map<number, DatedActivity[]>> {
  const ids = sql.param(userIds);
  const byUser = new Map<number, DatedActivity[]>(userIds.map((id) => [id, []]));
  const push = (userId: number, item: DatedActivity) => byUser.get(Number(userId))?.push(item);

  const registered = await selectRows<Dated>(
    sql`SELECT id AS user_id, profile_completed_at AS at FROM users
        WHERE id = ANY(${ids}::int[]) AND profile_completed_at IS NOT NULL`,
    handle,
  );
  for (const row of registered) push(row.user_id, { activity: { type: 'registration_completed' }, at: toDate(row.at) });

  // Match conditions keep no time of their own: date them at registration when there is one.
  const conditions = await selectRows<Dated & { industries: number; prefectures: number }>(
    sql`SELECT u.id AS user_id, u.profile_completed_at AS at,
          (SELECT count(*) FROM user_preferred_industries i WHERE i.user_id = u.id)::int AS industries,
          (SELECT count(*) FROM user_preferred_prefectures p WHERE p.user_id = u.id)::int AS prefectures
        FROM users u WHERE u.id = ANY(${ids}::int[])`,
    handle,
  );
  for (const row of conditions) {
    push(row.user_id, {
      activity: { type: 'match_conditions_saved', industryCount: Number(row.industries), prefectureCount: Number(row.prefectures) },
      at: toDate(row.at),
    });
  }

  const favorites = await selectRows<Dated & { company_id: number }>(
    sql`SELECT DISTINCT ON (user_id) user_id, company_id, created_at AS at FROM favorites
        WHERE user_id = ANY(${ids}::int[]) ORDER BY user_id, created_at`,
    handle,
  );
  for (const row of favorites) push(row.user_id, { activity: { type: 'favorite_added', companyId: row.company_id }, at: toDate(row.at) });

  // A clip or a vote proves no view of the post: both can be made from a post list (issue 16).
  for (const [table, type] of [
    ['clips', 'content_clipped'],
    ['useful_votes', 'content_voted_useful'],
  ] as const) {
    const rows = await selectRows<Dated & { post_id: number }>(
      sql`SELECT DISTINCT ON (user_id) user_id, post_id, created_at AS at FROM ${sql.identifier(table)}
          WHERE user_id = ANY(${ids}::int[]) ORDER BY user_id, created_at`,
      handle,
    );
    for (const row of rows) push(row.user_id, { activity: { type, postId: row.post_id }, at: toDate(row.at) });
  }

  // Every submitted post in order, numbered, so 410 is dated at the third one.
  const submitted = await selectRows<Dated & { post_type: PostTypeKey; n: number }>(
    sql`SELECT author_id AS user_id, type AS post_type, submitted_at AS at,
          row_number() OVER (PARTITION BY author_id ORDER BY submitted_at, id)::int AS n
        FROM posts WHERE author_id = ANY(${ids}::int[]) AND submitted_at IS NOT NULL`,
    handle,
  );
  for (const row of submitted) {
    push(row.user_id, {
      activity: { type: 'post_submitted', postType: row.post_type },
      at: toDate(row.at),
      submittedPostCount: Number(row.n),
    });
  }

  const published = await selectRows<Dated & { post_type: PostTypeKey }>(
    sql`SELECT DISTINCT ON (author_id) author_id AS user_id, type AS post_type, published_at AS at
        FROM posts WHERE author_id = ANY(${ids}::int[]) AND status = 'published'
        ORDER BY author_id, published_at`,
    handle,
  );
  for (const row of published) push(row.user_id, { activity: { type: 'post_published', postType: row.post_type }, at: toDate(row.at) });

  const rewards = await selectRows<Dated & { amount: number }>(
    sql`SELECT DISTINCT ON (user_id) user_id, amount, created_at AS at FROM point_entries
        WHERE user_id = ANY(${ids}::int[]) AND amount > 0 ORDER BY user_id, created_at`,
    handle,
  );
  for (const row of rewards) push(row.user_id, { activity: { type: 'reward_acquired', amount: Number(row.amount) }, at: toDate(row.at) });

  for (const [table, type] of [
    ['clips', 'own_post_clipped'],
    ['useful_votes', 'own_post_voted_useful'],
  ] as const) {
    const rows = await selectRows<Dated & { post_id: number; by_user_id: number }>(
      sql`SELECT DISTINCT ON (p.author_id) p.author_id AS user_id, x.post_id, x.user_id AS by_user_id, x.created_at AS at
          FROM ${sql.identifier(table)} x JOIN posts p ON p.id = x.post_id
          WHERE p.author_id = ANY(${ids}::int[]) AND x.user_id <> p.author_id
          ORDER BY p.author_id, x.created_at`,
      handle,
    );
    for (const row of rows) push(row.user_id, { activity: { type, postId: row.post_id, byUserId: row.by_user_id }, at: toDate(row.at) });
  }

  const tracker = await selectRows<
    Dated & { company_id: number; category: TrackerCategory; status: TrackerStatus; will_enter: boolean; created_at: Date | string }
  >(
    sql`SELECT user_id, company_id, category, status, will_enter, created_at, updated_at AS at
        FROM tracker_entries WHERE user_id = ANY(${ids}::int[])`,
    handle,
  );
  for (const row of tracker) {
    const state = { companyId: row.company_id, category: row.category, status: row.status, willEnter: row.will_enter };
    // Registration is dated at creation, the state reached at the last update.
    push(row.user_id, {
      activity: { type: 'tracker_company_registered', ...state, status: 'registered', willEnter: false },
      at: toDate(row.created_at),
    });
    push(row.user_id, { activity: { type: 'tracker_status_updated', ...state }, at: toDate(row.at) });
  }
  return byUser;
}

/**
 * Grants every student the badges their stored activity earns and they do not hold yet.
 * Idempotent: a second run grants nothing. New grants stay "not yet shown", so the popup tells
 * each student about them on the next visit; pass markDisplayed to grant them silently.
 */
export async function backfillBadges(options: { markDisplayed?: boolean; batchSize?: number; now?: Date } = {}): Promise<BackfillSummary> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const summary: BackfillSummary = { students: 0, granted: 0, byBadgeKind: {} };
  let afterId = 0;
  for (;;) {
    const students = await selectRows<{ id: number }>(
      sql`SELECT id FROM users WHERE role = 'student' AND id > ${afterId} ORDER BY id LIMIT ${batchSize}`,
    );
    if (students.length === 0) break;
    const userIds = students.map((row) => Number(row.id));
    afterId = userIds[userIds.length - 1]!;
    summary.students += userIds.length;
    // One transaction per batch: a crash leaves whole batches, and a rerun completes the rest.
    await inTransaction(undefined, async (tx) => {
      const now = options.now ?? new Date();
      const activities = await activitiesOf(tx, userIds);
      const rowUsers: number[] = [];
      const rowKinds: number[] = [];
      const rowDates: string[] = [];
      for (const userId of userIds) {
        for (const [badgeKindId, at] of earliestGrants(userId, activities.get(userId) ?? [], now)) {
          rowUsers.push(userId);
          rowKinds.push(badgeKindId);
          rowDates.push(at.toISOString());
        }
      }
      if (rowUsers.length === 0) return;
      const inserted = await writeRows<{ badge_kind_id: number }>(
        sql`INSERT INTO badge_grants (user_id, badge_kind_id, acquired_at, displayed_at)
            SELECT g.user_id, g.badge_kind_id, g.acquired_at,
                   CASE WHEN ${options.markDisplayed === true}::boolean THEN now() END
            FROM unnest(${sql.param(rowUsers)}::int[], ${sql.param(rowKinds)}::smallint[],
                        ${sql.param(rowDates)}::timestamptz[]) AS g(user_id, badge_kind_id, acquired_at)
            ON CONFLICT (user_id, badge_kind_id) DO NOTHING
            RETURNING badge_kind_id`,
        tx,
      );
      for (const row of inserted) {
        summary.granted += 1;
        summary.byBadgeKind[row.badge_kind_id] = (summary.byBadgeKind[row.badge_kind_id] ?? 0) + 1;
      }
    });
  }
  return summary;
}
