import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, database, db, openDatabase } from '../../db/client.server';
import { companies, posts, users } from '../../db/schema';
import { verifyPassword } from '../accounts/password.server';
import { DEMO_MODERATOR_EMAIL, DEMO_PASSWORD, demoStudentEmail, isDatabaseEmpty, seedDemoData, type SeedSummary } from './seed.server';

let summary: SeedSummary;
let emptyBefore: boolean;

beforeAll(async () => {
  await openDatabase({ kind: 'memory' });
  emptyBefore = await isDatabaseEmpty();
  summary = await seedDemoData({ seed: 11 });
});

afterAll(async () => {
  await closeDatabase();
});

async function count(query: string): Promise<number> {
  const [row] = await database().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${query}`);
  return Number(row?.n);
}

describe('seedDemoData', () => {
  it('fills an empty database and reports what it wrote', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty()).toBe(false);
    expect(summary.seed).toBe(11);
    expect(await count('prefectures')).toBe(47);
    expect(await count('industries')).toBe(summary.industries);
    expect(await count('companies')).toBe(summary.companies);
    expect(summary.companies).toBeGreaterThanOrEqual(300);
    expect(await count('recruit_services')).toBe(summary.recruitServices);
    expect(await count("users WHERE role = 'student'")).toBe(40);
    expect(await count("users WHERE role = 'moderator'")).toBe(1);
    expect(await count("posts WHERE status = 'published'")).toBe(summary.publishedPosts);
    expect(summary.publishedPosts).toBeGreaterThanOrEqual(3000);
    expect(await count("(SELECT DISTINCT type FROM posts WHERE status = 'published') t")).toBe(9);
    expect(await count('favorites')).toBe(summary.favorites);
    expect(await count('badge_grants')).toBe(summary.badgeGrants);
    expect(await count('point_entries')).toBe(summary.pointEntries);
    expect(await count('company_view_days')).toBe(summary.companyViewDays);
  });

  it('links every published intern experience, screening experience and entry sheet to its detail row, and every other post to its revision', async () => {
    expect(
      await count(
        "posts p LEFT JOIN intern_experiences ie ON ie.post_id = p.id WHERE p.status = 'published' AND p.type = 'intern_experience' AND ie.post_id IS NULL",
      ),
    ).toBe(0);
    expect(
      await count(
        "posts p LEFT JOIN screening_experiences se ON se.post_id = p.id WHERE p.status = 'published' AND p.type = 'screening_experience' AND se.post_id IS NULL",
      ),
    ).toBe(0);
    expect(
      await count(
        "posts p LEFT JOIN entry_sheets es ON es.post_id = p.id WHERE p.status = 'published' AND p.type IN ('intern_entry_sheet', 'screening_entry_sheet') AND es.post_id IS NULL",
      ),
    ).toBe(0);
    expect(await count('intern_experiences ie JOIN posts p ON p.id = ie.post_id WHERE ie.company_id <> p.company_id')).toBe(0);
    expect(await count("posts p LEFT JOIN post_revisions r ON r.post_id = p.id WHERE p.status <> 'published' AND r.post_id IS NULL")).toBe(
      0,
    );
    expect(await count('post_revisions r JOIN posts p ON p.id = r.post_id WHERE r.status::text <> p.status::text')).toBe(0);
  });

  it('keeps the moderation log append-only', async () => {
    expect(await count('moderation_events')).toBeGreaterThan(3000);
    await expect(database().query('UPDATE moderation_events SET note = $1', ['書き換え'])).rejects.toThrow(/append-only/);
    await expect(database().query('DELETE FROM moderation_events')).rejects.toThrow(/append-only/);
    await expect(database().query('TRUNCATE moderation_events')).rejects.toThrow(/append-only/);
  });

  it('refreshes the denormalised company counts', async () => {
    const [row] = await database().query<{ total: number; stats: number }>(
      `SELECT (SELECT count(*)::int FROM posts WHERE status = 'published' AND company_id IS NOT NULL) AS total,
              (SELECT sum(published_post_count)::int FROM companies) AS stats`,
    );
    expect(Number(row?.stats)).toBe(Number(row?.total));
    expect(await count('companies WHERE intern_report_count > 0 AND intern_rating_average IS NOT NULL')).toBeGreaterThan(100);
  });

  it('lets the demo accounts log in with the demo password', async () => {
    for (const email of [DEMO_MODERATOR_EMAIL, demoStudentEmail(1), demoStudentEmail(40)]) {
      const [user] = await database().query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
      expect(user).toBeDefined();
      expect(await verifyPassword(user!.password_hash, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('refuses to seed a database that already has companies', async () => {
    await expect(seedDemoData()).rejects.toThrow(/already has companies/);
    expect(await count('companies')).toBe(summary.companies);
  });

  it("derives the posts' list rows, ES questions and selection insight as the per-post triggers do", async () => {
    // The seed writes them for all posts at once (app/db/post-sync.server.ts). Every seventh post's
    // rows are removed and written again by the triggers a change to a published post fires.
    const derived = async () => {
      const tables: Record<string, string[]> = {};
      for (const table of [
        'post_listings',
        'entry_sheet_questions',
        'selection_reports',
        'selection_step_reports',
        'selection_questions',
      ]) {
        const rows = await database().query<{ row: string }>(
          `SELECT (to_jsonb(t) - 'id')::text AS row FROM ${table} t WHERE post_id % 7 = 0 ORDER BY 1`,
        );
        tables[table] = rows.map((row) => row.row);
      }
      return tables;
    };
    const bulk = await derived();
    for (const table of ['post_listings', 'entry_sheet_questions', 'selection_questions'])
      expect(bulk[table]!.length, table).toBeGreaterThan(50);
    await db().transaction(async (tx) => {
      for (const table of Object.keys(bulk)) await tx.execute(sql.raw(`DELETE FROM ${table} WHERE post_id % 7 = 0`));
      await tx.execute(sql`UPDATE posts SET published_at = published_at WHERE id % 7 = 0 AND status = 'published'`);
    });
    expect(await derived()).toEqual(bulk);
    // And the insert triggers are on again for the posts students write.
    expect(await database().query("SELECT tgname FROM pg_trigger WHERE tgname LIKE '%_sync%' AND tgenabled = 'D'")).toEqual([]);
  });

  it('resets the sequences, so that rows inserted without an id get the next one', async () => {
    const [company] = await db()
      .insert(companies)
      .values({ name: '株式会社シーケンステスト', kana: 'シーケンステスト', industryId: 1, prefectureId: 13 })
      .returning({ id: companies.id });
    expect(company?.id).toBe(summary.companies + 1);
    const [user] = await db().insert(users).values({ email: 'sequence@shulog.example', passwordHash: 'x' }).returning({ id: users.id });
    expect(user?.id).toBe(summary.students + summary.moderators + 1);
    const [post] = await db()
      .insert(posts)
      .values({ type: 'company_study', authorId: user!.id, companyId: company!.id, title: 'テスト' })
      .returning({ id: posts.id });
    expect(post?.id).toBe(summary.posts + 1);
  });
});
