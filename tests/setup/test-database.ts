// A database of its own for each test file: an in-memory PGlite by default, or a fresh
// database on the PostgreSQL server of DATABASE_URL (created here, dropped afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { closeDatabase, openDatabase, type Database } from '../../app/db/client.server';

export type TestDatabase = { database: Database; close(): Promise<void> };

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'memory' });
    return { database, close: closeDatabase };
  }
  const name = `shulog_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    async close() {
      await closeDatabase();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
