// Writes the generated demo data set into an empty database, in one transaction, so that a
// crash half-way leaves the database empty and the next start simply seeds again.
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { db, writeRows } from '../../db/client.server';
import { writePostsInBulk } from '../../db/post-sync.server';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { TOKYO_TIME_ZONE } from '../../lib/tokyo-time';
import {
  badgeGrants,
  clips,
  companies,
  companyViewDays,
  entrySheets,
  favorites,
  internExperiences,
  moderationEvents,
  postRevisions,
  pointEntries,
  posts,
  recruitServices,
  screeningExperiences,
  trackerEntries,
  usefulVotes,
  userPreferredIndustries,
  userPreferredPrefectures,
  users,
} from '../../db/schema';
import { hashPassword } from '../accounts/password.server';
import { refreshCompanyStats } from '../companies/refresh-company-stats.server';
import { POST_TYPES } from '../posts/post-types';
import { DEMO_PASSWORD } from './accounts';
import { DEFAULT_DEMO_SEED, generateDemoData } from './generate';
import { seedReferenceData } from './seed-reference-data.server';

export { DEMO_MODERATOR_EMAIL, DEMO_PASSWORD, DEMO_STUDENT_COUNT, demoStudentEmail } from './accounts';

export type SeedSummary = {
  seed: number;
  ms: number;
  prefectures: number;
  industries: number;
  companies: number;
  recruitServices: number;
  students: number;
  moderators: number;
  posts: number;
  publishedPosts: number;
  internExperiences: number;
  screeningExperiences: number;
  entrySheets: number;
  favorites: number;
  clips: number;
  usefulVotes: number;
  badgeGrants: number;
  pointEntries: number;
  trackerEntries: number;
  companyViewDays: number;
};

export class DemoSeedRefusedError extends Error {
  readonly code = 'DEMO_SEED_DATABASE_NOT_EMPTY';

  constructor() {
    super('The database already has companies or accounts: the demo seed only fills an empty database.');
  }
}

/** Serial columns whose sequences must continue after the explicit ids the seed writes. */
const SERIAL_TABLES = ['industries', 'companies', 'recruit_services', 'users', 'posts', 'point_entries', 'tracker_entries'] as const;

/** One multi-row INSERT per batch: much faster than row by row, and well under the 65,535 parameters a statement may have. */
const BATCH_ROWS = 500;

async function insertAll<T extends PgTable>(handle: DbOrTx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await handle.insert(table).values(rows.slice(start, start + BATCH_ROWS) as never);
  }
}

/**
 * True when no company and no account exist yet: the signal to seed on first start. A database
 * with accounts only (a moderator made with npm run admin:create before the first start) is
 * somebody's site, not an empty one, and the demo's accounts would collide with them.
 */
export async function isDatabaseEmpty(handle: DbOrTx = db()): Promise<boolean> {
  const [company] = await handle.select({ id: companies.id }).from(companies).limit(1);
  if (company) return false;
  const [user] = await handle.select({ id: users.id }).from(users).limit(1);
  return !user;
}

export async function seedDemoData(options: { seed?: number } = {}): Promise<SeedSummary> {
  const started = Date.now();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (!(await isDatabaseEmpty())) throw new DemoSeedRefusedError();

  // argon2 is slow on purpose: hash once, every demo account shares the password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The clock is read only to place the page views on the last 30 days; everything else is fixed.
  const data = generateDemoData({ seed, passwordHash, today: new Date() });

  await inTransaction(undefined, async (handle) => {
    // Two app processes starting together against one PostgreSQL must not both seed.
    await handle.execute(sql`SELECT pg_advisory_xact_lock(727302)`);
    if (!(await isDatabaseEmpty(handle))) throw new DemoSeedRefusedError();

    // The same rows as data.prefectures and data.industries, written by the function the test
    // factories use too.
    await seedReferenceData({ tx: handle });
    await insertAll(handle, companies, data.companies);
    await insertAll(handle, recruitServices, data.recruitServices);
    await insertAll(handle, users, data.users);
    await insertAll(handle, userPreferredIndustries, data.userPreferredIndustries);
    await insertAll(handle, userPreferredPrefectures, data.userPreferredPrefectures);
    // The posts' list rows, ES questions and selection insight, derived for all of them at once.
    const postIds = data.posts.map((post) => post.id);
    await writePostsInBulk(handle, { from: Math.min(...postIds), to: Math.max(...postIds) }, async () => {
      await insertAll(handle, posts, data.posts);
      await insertAll(handle, internExperiences, data.internExperiences);
      await insertAll(handle, screeningExperiences, data.screeningExperiences);
      await insertAll(handle, entrySheets, data.entrySheets);
    });
    await insertAll(handle, postRevisions, data.postRevisions);
    await insertAll(handle, moderationEvents, data.moderationEvents);
    await insertAll(handle, favorites, data.favorites);
    await insertAll(handle, clips, data.clips);
    await insertAll(handle, usefulVotes, data.usefulVotes);
    await insertAll(handle, badgeGrants, data.badgeGrants);
    await insertAll(handle, pointEntries, data.pointEntries);
    await insertAll(handle, trackerEntries, data.trackerEntries);
    // Each demo entry's history: the step it is at, on the day it was last changed (Tokyo's date).
    await writeRows(
      sql`INSERT INTO tracker_steps (entry_id, status, outcome, "on")
          SELECT id, status, outcome, (updated_at AT TIME ZONE ${TOKYO_TIME_ZONE})::date FROM tracker_entries ORDER BY id`,
      handle,
    );
    await insertAll(handle, companyViewDays, data.companyViewDays);
    // お知らせ to try: each student's three newest posts at their favorite companies (not their
    // own), unread, as the digest's notices (docs/decisions/083-notifications.md), taken by no
    // digest: the demo's addresses are not real inboxes.
    const types = sql.join(
      Object.values(POST_TYPES).map((info) => sql`(${info.key}::post_type, ${info.label}, ${info.slug})`),
      sql`, `,
    );
    await writeRows(
      sql`INSERT INTO notifications (user_id, kind, title, detail, link, post_id, company_id, dedupe_key, created_at, digested_at)
          SELECT user_id, 'new_post', name || 'に新しい' || label || 'が投稿されました', title, '/' || slug || '/' || id, id, company_id,
            'new_post:' || id, published_at, published_at
          FROM (
            SELECT f.user_id, c.name, t.label, t.slug, p.title, p.id, p.company_id, p.published_at,
              row_number() OVER (PARTITION BY f.user_id ORDER BY p.published_at DESC, p.id DESC) AS n
            FROM favorites f
            JOIN companies c ON c.id = f.company_id
            JOIN posts p ON p.company_id = f.company_id AND p.status = 'published' AND p.author_id IS DISTINCT FROM f.user_id
            JOIN (VALUES ${types}) AS t(type, label, slug) ON t.type = p.type
          ) newest
          WHERE n <= 3`,
      handle,
    );

    for (const table of SERIAL_TABLES) {
      await handle.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 1) FROM ${table}))`));
    }
    await refreshCompanyStats({ tx: handle });
  });

  return {
    seed,
    ms: Date.now() - started,
    prefectures: data.prefectures.length,
    industries: data.industries.length,
    companies: data.companies.length,
    recruitServices: data.recruitServices.length,
    students: data.users.filter((user) => user.role === 'student').length,
    moderators: data.users.filter((user) => user.role === 'moderator').length,
    posts: data.posts.length,
    publishedPosts: data.posts.filter((post) => post.status === 'published').length,
    internExperiences: data.internExperiences.length,
    screeningExperiences: data.screeningExperiences.length,
    entrySheets: data.entrySheets.length,
    favorites: data.favorites.length,
    clips: data.clips.length,
    usefulVotes: data.usefulVotes.length,
    badgeGrants: data.badgeGrants.length,
    pointEntries: data.pointEntries.length,
    trackerEntries: data.trackerEntries.length,
    companyViewDays: data.companyViewDays.length,
  };
}
