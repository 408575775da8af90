// A database of its own for each test file: an in-memory PGlite by default, or a fresh
// database on the PostgreSQL server of DATABASE_URL (created here, dropped afterwards).
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { closeDatabase, type Database, migrationsFolder, openDatabase } from '../../app/db/client.server';
import { createReferenceData } from '../factories';

export type TestDatabase = { database: Database; close(): Promise<void> };

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'memory', snapshot: await migratedSnapshot() });
    return { database, close: closeDatabase };
  }
  const name = `shulog_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = await migratedTemplate(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 5 });
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

/**
 * The setup most integration files share: the file's own database, opened before its tests with
 * the reference data (prefectures, industries) unless `referenceData: false`, and closed after
 * them. Call it at the top of the file: a `beforeAll` the file adds after it runs on the open
 * database, and the file's own `afterAll` hooks run before the database closes (Vitest runs
 * after-hooks in reverse order).
 */
export function setUpTestDatabase(options: { referenceData?: boolean } = {}): void {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await openTestDatabase();
    if (options.referenceData !== false) await createReferenceData();
  });
  afterAll(async () => {
    await testDb?.close();
  });
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A name made from the migrations (and the lockfile): a change to either makes a new one. */
function migrationsHash(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256').update(readFileSync(join(folder, '..', '..', '..', 'package-lock.json')));
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!/\.(sql|json)$/.test(name)) continue;
    hash.update(name).update(readFileSync(join(folder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * On PostgreSQL, a database with every migration applied, made once per set of migrations and
 * copied for each test file (CREATE DATABASE … TEMPLATE): about 0.4 s less for each file that
 * opens a database than migrating a fresh one. Made under a name of its
 * own and renamed when ready, so that two workers that both make it never copy a half-migrated
 * one; the one that loses the race drops its copy. Templates of earlier migrations are dropped.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const template = `shulog_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', ['shulog\\_template\\_%']);
    if (found.rows.some((row: { datname: string }) => row.datname === template)) return template;
    const making = `shulog_making_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${making} TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'`);
    await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, making), poolSize: 1 });
    await closeDatabase();
    try {
      await admin.query(`ALTER DATABASE ${making} RENAME TO ${template}`);
    } catch {
      await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
    }
    for (const { datname } of found.rows as Array<{ datname: string }>)
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
    return template;
  } finally {
    await admin.end();
  }
}

/**
 * A dump of an in-memory database with every migration applied, kept in the system's temporary
 * folder under a name made from the migrations: loading it costs a third of starting an empty
 * PGlite and migrating it, for each of the two dozen test files that open a database. Two files
 * that find none both make it, each in a file of its own; the second rename replaces the first
 * with the same bytes.
 */
async function migratedSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `shulog-test-pglite-${migrationsHash()}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const database = await openDatabase({ kind: 'memory' });
    try {
      const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
      // A name of its own: test files run in threads of one process, so the pid is not enough.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await closeDatabase();
    }
  }
}
