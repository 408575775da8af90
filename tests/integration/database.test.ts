import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, migrateDatabase, type Database } from '../../app/db/client.server';
import { favorites, users } from '../../app/db/schema';
import { createCompany, createReferenceData, createStudent, industryIdOf } from '../factories';
import { openTestDatabase, type TestDatabase } from '../setup/test-database';

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await openTestDatabase();
  database = testDb.database;
});
afterAll(async () => {
  await testDb?.close();
});

describe('database', () => {
  it('runs on the engine the environment asks for', () => {
    expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('lets the event loop turn before each statement, so that a connection arriving meanwhile is not kept waiting', async () => {
    // PostgreSQL answers over a socket; PGlite answers in this thread, and without the turn a
    // chain of statements would run to its end before any I/O (decision 068).
    const order: string[] = [];
    const turn = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push('event loop');
        resolve();
      }),
    );
    await Promise.all([
      (async () => {
        for (let statement = 0; statement < 3; statement++) await database.query('SELECT 1');
        await db().select({ id: users.id }).from(users).limit(1);
        order.push('statements');
      })(),
      turn,
    ]);
    expect(order).toEqual(['event loop', 'statements']);
  });

  it('has a UTF-8 ctype and working Japanese trigrams', async () => {
    const [row] = await database.query<{ similarity: number }>("SELECT similarity('青葉システムズ', '青葉システム') AS similarity");
    expect(Number(row?.similarity)).toBeGreaterThan(0.5);
  });

  it('applies migrations idempotently', async () => {
    await migrateDatabase(database);
    const [row] = await database.query<{ n: string | number }>("SELECT count(*) AS n FROM pg_tables WHERE tablename = 'companies'");
    expect(Number(row?.n)).toBe(1);
  });

  it('enforces the keys that keep favorites and emails unique', async () => {
    await createReferenceData();
    const industryId = industryIdOf('ソフトウェア');
    const { companyId } = await createCompany({ name: '株式会社テスト青葉', kana: 'テストアオバ', industryId, prefectureId: 13 });
    const { userId } = await createStudent({ email: 'a@example.com' });
    // The raw inserts below are what this test is about: the keys and checks of the schema
    // itself, whatever the feature code in front of them does.
    await db().insert(favorites).values({ userId, companyId });
    const again = await db().insert(favorites).values({ userId, companyId }).onConflictDoNothing().returning();
    expect(again).toHaveLength(0);
    await expect(db().insert(users).values({ email: 'a@example.com', passwordHash: 'y' })).rejects.toThrow();
    await expect(
      db().execute(
        sql`INSERT INTO companies (name, kana, industry_id, prefecture_id, founded_year) VALUES ('x', 'x', ${industryId}, 13, 99)`,
      ),
    ).rejects.toThrow();
  });

  it('moves the companies version on with every change to companies, and only then', async () => {
    const version = async () =>
      Number((await database.query<{ version: string }>("SELECT version FROM table_versions WHERE name = 'companies'"))[0]?.version);
    const start = await version();
    await database.query("UPDATE companies SET description = 'ソフトウェア開発' WHERE name = '株式会社テスト青葉'");
    const afterUpdate = await version();
    expect(afterUpdate).toBeGreaterThan(start);
    await database.query("UPDATE industries SET name = 'ソフトウェア・通信' WHERE name = 'ソフトウェア'");
    expect(await version()).toBe(afterUpdate);
    await database.query('DELETE FROM favorites');
    await database.query("DELETE FROM companies WHERE name = '株式会社テスト青葉'");
    expect(await version()).toBeGreaterThan(afterUpdate);
  });
});
