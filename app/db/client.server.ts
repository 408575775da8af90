// The database handle: embedded PGlite in DATA_DIR by default, a PostgreSQL pool when
// DATABASE_URL is set. See docs/decisions/002-database.md.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectRoot } from '../lib/project-root.server';
import { acquireDataDirLock } from './lock.server';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  /** Runs raw SQL with parameters; for the few statements Drizzle does not express. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** In memory: for tests. */
  | { kind: 'memory' };

let current: Database | undefined;

const statementObservers = new Set<(statement: string) => void>();

/**
 * Sees the text of every statement the application runs (through Drizzle or query()), until the
 * returned function is called: for tests that count what a request costs the database.
 */
export function observeStatements(observer: (statement: string) => void): () => void {
  statementObservers.add(observer);
  return () => statementObservers.delete(observer);
}

/** Drizzle's logger hook, used only to tell the observers; nothing is logged. */
const statementLogger = {
  logQuery(statement: string) {
    for (const observer of statementObservers) observer(statement);
  },
};

/** The open database. Feature code calls this; the server or a test opens it first. */
export function db(): Db {
  if (!current) throw new Error('The database is not open: call openDatabase() first');
  return current.db;
}

/** Rows of a raw SQL query built with Drizzle's sql`` (both drivers answer { rows }). */
export async function selectRows<T>(query: SQL, handle: Db = db()): Promise<T[]> {
  const result = (await handle.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export function database(): Database {
  if (!current) throw new Error('The database is not open: call openDatabase() first');
  return current;
}

export function migrationsFolder(): string {
  return join(projectRoot(), 'app', 'db', 'migrations');
}

/** The tables rewritten many times a minute: drafts saved every 2 s, sessions touched. */
const CHURNING_TABLES = 'post_revisions, sessions';
const VACUUM_EVERY_MS = 2_000;

/**
 * PGlite runs no autovacuum worker (it is one process), so a row updated every 2 s by an
 * autosaving student leaves its dead versions behind, and each save gets slower (measured: 0.7 ms
 * after a VACUUM, 2.9 ms after 1,500 saves of a 4,000-character draft). A VACUUM every 2 s of the
 * tables that churn (a few milliseconds, queued like any query, never inside a transaction)
 * keeps them as PostgreSQL's autovacuum would (docs/decisions/025-posting.md).
 */
function startVacuuming(client: PGlite): ReturnType<typeof setInterval> {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    client
      .query(`VACUUM ${CHURNING_TABLES}`)
      .catch(() => {
        // Closing, or a table not created yet: the next round tries again.
      })
      .finally(() => {
        running = false;
      });
  }, VACUUM_EVERY_MS);
  timer.unref();
  return timer;
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      client = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({ extensions: { pg_trgm } });
  }
  const handle = drizzlePglite(client, { schema, logger: statementLogger });
  let closed = false;
  const vacuum = startVacuuming(client);
  return {
    db: handle as unknown as Db,
    kind: 'pglite',
    async query(text, params) {
      statementLogger.logQuery(text);
      const result = await client.query(text, params as unknown[] | undefined);
      return result.rows as never;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(vacuum);
      try {
        // Flush the WAL into the data files so the next start has nothing to replay.
        if (dataDir) await client.query('CHECKPOINT');
        await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const handle = drizzlePg(pool, { schema, logger: statementLogger });
  let closed = false;
  return {
    db: handle as unknown as Db,
    kind: 'postgres',
    async query(text, params) {
      statementLogger.logQuery(text);
      const result = await pool.query(text, params as unknown[] | undefined);
      return result.rows as never;
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * Trigram search of Japanese needs a UTF-8 character type; with ctype C pg_trgm silently
 * makes no trigrams at all. Refuse such a database rather than search badly.
 */
async function checkCtype(database: Database): Promise<void> {
  const [row] = await database.query<{ datctype: string }>('SELECT datctype FROM pg_database WHERE datname = current_database()');
  const ctype = row?.datctype ?? '';
  if (ctype === 'C' || ctype === 'POSIX') {
    throw new Error(
      `The database has LC_CTYPE "${ctype}", which breaks Japanese search. Create it with ` +
        "TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'.",
    );
  }
}

/** Applies the committed migrations; on PostgreSQL under an advisory lock so that several
 * app processes starting together do not race. */
export async function migrateDatabase(database: Database): Promise<void> {
  const folder = { migrationsFolder: migrationsFolder() };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, folder);
    // The embedded database works on the app's own thread: a draft rewritten every 2 s is kept
    // out of line but uncompressed, which measured cheaper per autosave than compressing ~12 KB
    // each time (burst of 200 saves/s: p99 91 ms compressed, 25 ms uncompressed). A PostgreSQL
    // server compresses on its own cores and keeps its default (docs/decisions/025-posting.md).
    await database.query('ALTER TABLE post_revisions ALTER COLUMN content SET STORAGE EXTERNAL');
    return;
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727301)`);
    await migratePg(tx as never, folder);
  });
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (current) throw new Error('The database is already open');
  const opened =
    options.kind === 'postgres'
      ? await openPostgres(options.url, options.poolSize)
      : await openPglite(options.kind === 'pglite' ? options.dataDir : undefined);
  try {
    await checkCtype(opened);
    await migrateDatabase(opened);
  } catch (error) {
    await opened.close();
    throw error;
  }
  current = opened;
  return opened;
}

export async function closeDatabase(): Promise<void> {
  const closing = current;
  current = undefined;
  await closing?.close();
}
