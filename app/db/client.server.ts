// The database handle: embedded PGlite in DATA_DIR by default, a PostgreSQL pool when
// DATABASE_URL is set. See docs/decisions/002-database.md.
import { reportPool, statementTimer } from '../lib/metrics.server';
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
import { failureLog } from '../lib/failure-log.server';
import { logger } from '../lib/logger.server';
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
  /**
   * Hears what any process NOTIFYs on `channel` (a committed transaction's notifications, in
   * commit order) until the returned function is called. `listening(true)` says every later
   * notification will be heard; `listening(false)`, that some may be missed (the listening
   * connection was lost; it comes back by itself and says `listening(true)` again).
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<Listening>;
  /**
   * The embedded database's files as a gzipped tarball, taken between two statements (no other
   * statement runs meanwhile): what a restore starts from (docs/decisions/080-backups.md). PGlite
   * only; PostgreSQL is backed up with pg_dump.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
};

export type ChannelHandlers = { message(payload: string): void; listening(live: boolean): void };

export type Listening = {
  stop(): Promise<void>;
  /**
   * One round trip on the listening connection: true once every notification committed before
   * the call has been handed to `message` (PostgreSQL delivers a listening session's pending
   * notifications before it answers its next statement); false when the connection is lost.
   * PGlite hears its own commits as they end: always true at once.
   */
  roundTrip(): Promise<boolean>;
};

export type OpenOptions =
  /** listenUrl: where LISTEN connects, when `url` is a pooler in transaction mode (DATABASE_LISTEN_URL). */
  | { kind: 'postgres'; url: string; poolSize?: number; listenUrl?: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory: for tests; from a dump of another memory database when given one. */
  | { kind: 'memory'; snapshot?: Blob };

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

/** The rows a raw statement answers (both drivers answer { rows }). */
async function rowsOf<T>(statement: SQL, handle: Db): Promise<T[]> {
  const result = (await handle.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a raw SQL query built with Drizzle's sql``: reads only (SELECT, WITH … SELECT, a
 * SELECT … FOR UPDATE that locks what it reads). A statement that writes goes to writeRows.
 */
export function selectRows<T>(query: SQL, handle: Db = db()): Promise<T[]> {
  return rowsOf<T>(query, handle);
}

/**
 * Runs a raw INSERT, UPDATE or DELETE built with sql`` (the writes the query builder does not
 * express well: INSERT … SELECT, UPDATE … FROM, a data-modifying WITH) and answers the rows of its
 * RETURNING, none without one. One way for a raw write: app/db/raw-statements.test.ts holds
 * selectRows to reads and this to writes (docs/decisions/058-one-way-tidy.md).
 */
export function writeRows<T = Record<string, unknown>>(statement: SQL, handle: Db = db()): Promise<T[]> {
  return rowsOf<T>(statement, handle);
}

/** How many rows one statement of deleteInBatches removes: a short lock, a short turn of PGlite's thread. */
const DELETE_BATCH = 2_000;

/**
 * Runs a DELETE … RETURNING of at most `limit` rows again and again until one removes fewer, so
 * that pruning a large backlog never holds a table, or the embedded database's one thread, for
 * long. Answers how many rows went.
 */
export async function deleteInBatches(statement: (limit: number) => SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = (await writeRows(statement(DELETE_BATCH))).length;
    total += gone;
    if (gone < DELETE_BATCH) return total;
    // Requests go first between two batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
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
 * keeps them as PostgreSQL's autovacuum would (docs/decisions/025-posting.md). It starts once the
 * migrations have made the tables; a failure is logged once (the next rounds try again).
 */
function startVacuuming(client: PGlite, isClosed: () => boolean): ReturnType<typeof setInterval> {
  let running = false;
  const failures = failureLog({
    level: 'warn',
    failed: `VACUUM ${CHURNING_TABLES} failed; tried again every 2 s (drafts save more slowly meanwhile)`,
    recovered: `VACUUM ${CHURNING_TABLES} works again`,
  });
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    client
      .query(`VACUUM ${CHURNING_TABLES}`)
      .then(
        () => failures.succeeded(),
        (error: unknown) => {
          // One that was queued when the database closed is no failure.
          if (!isClosed()) failures.failed(error);
        },
      )
      .finally(() => {
        running = false;
      });
  }, VACUUM_EVERY_MS);
  timer.unref();
  return timer;
}

/** A database as opened, before the migrations: what to start once they are applied. */
type Opened = Database & { afterMigrations?(): void };

/** How long a chain of PGlite statements may keep the event loop before it lets it turn. */
const TURN_EVERY_MS = 5;

/**
 * PGlite runs a statement synchronously in this thread and answers through promises, so a request
 * whose statements all come from PGlite runs from its first byte to its last in microtasks: the
 * event loop does not turn until every request in that chain is done, and a connection that
 * arrives meanwhile waits. Under load the benchmark saw new connections served one per turn,
 * 0.2 s apart, for 3 s (docs/decisions/068-student-pages-profiled.md). A statement outside a
 * transaction now lets the event loop turn first when the last turn it let happen is more than
 * TURN_EVERY_MS ago (a turn before every statement cost the route fuzz 11 % of its speed); a
 * transaction's statements keep going, so its lock is held no longer than before.
 */
function yieldBeforeStatements(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  let lastTurn = 0;
  const turn = () =>
    performance.now() - lastTurn < TURN_EVERY_MS
      ? undefined
      : new Promise<void>((resolve) =>
          setImmediate(() => {
            lastTurn = performance.now();
            resolve();
          }),
        );
  // Each statement is timed from its turn to its answer, for /metrics (inside a transaction,
  // PGlite's own transaction object sends them, untimed).
  const timed =
    <Args extends unknown[], Result>(send: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      await turn();
      const done = statementTimer();
      try {
        return await send(...args);
      } finally {
        done();
      }
    };
  client.query = timed(query) as PGlite['query'];
  client.exec = timed(exec) as PGlite['exec'];
}

async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Opened> {
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
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: snapshot });
  }
  yieldBeforeStatements(client);
  const handle = drizzlePglite(client, { schema, logger: statementLogger });
  let closed = false;
  let vacuum: ReturnType<typeof setInterval> | undefined;
  return {
    db: handle as unknown as Db,
    kind: 'pglite',
    async dumpDataDir() {
      // Written pages first, so that a restore replays little WAL; a transaction still open is
      // rolled back by that replay, as after a crash: every committed one is there.
      await client.query('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    afterMigrations() {
      vacuum ??= startVacuuming(client, () => closed);
    },
    async query(text, params) {
      statementLogger.logQuery(text);
      const result = await client.query(text, params as unknown[] | undefined);
      return result.rows as never;
    },
    async listen(channel, handlers) {
      // One process owns the embedded database: it hears its own commits as they end.
      const unlisten = await client.listen(channel, handlers.message);
      handlers.listening(true);
      return {
        async stop() {
          if (!closed) await unlisten();
        },
        roundTrip: async () => true,
      };
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

/** The application_name of the listening connections. */
export const LISTENING_APPLICATION = 'shulog-listen';

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_AFTER_MS = 1_000;

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection goes back to others
 * between statements). A lost connection is reported (`listening(false)`) and replaced.
 */
function listenOnPostgres(url: string, channel: string, handlers: ChannelHandlers): Listening {
  let stopped = false;
  let client: pg.Client | undefined;
  /** The connection that listens now, once its LISTEN has answered. */
  let listeningClient: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    // Named, so that an operator (and a test) can tell it in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: LISTENING_APPLICATION });
    client = next;
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (listeningClient === next) listeningClient = undefined;
      handlers.listening(false);
      next.end().catch(() => {});
      if (stopped) return;
      if (error) logger().warn({ err: error, channel }, 'listening connection lost');
      retry = setTimeout(() => void connect(), RELISTEN_AFTER_MS);
      retry.unref();
    };
    next.on('error', lose);
    next.on('end', () => lose());
    next.on('notification', (notification) => {
      if (notification.channel === channel) handlers.message(notification.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (!lost && !stopped) {
        listeningClient = next;
        handlers.listening(true);
      }
    } catch (error) {
      lose(error as Error);
    }
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
    async roundTrip() {
      const listener = listeningClient;
      if (!listener) return false;
      try {
        await listener.query('SELECT 1');
        return listeningClient === listener;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Times each statement a pooled connection sends (pg's query with a callback, as the pool and
 * drizzle call it, or a promise), for shulog_db_statement_duration_seconds.
 */
function timeStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const done = statementTimer();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => done(),
        () => done(),
      );
    else done();
    return result;
  };
}

async function openPostgres(url: string, poolSize = 10, listenUrl = url): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Every statement's time, for /metrics: each pooled connection's query is timed to its answer.
  pool.on('connect', timeStatements);
  reportPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  // An idle client that loses its server (a restart, a network cut) must not crash the process;
  // the pool replaces it, and the next query says whether the server is back.
  pool.on('error', (error) => logger().warn({ err: error }, 'idle database connection lost'));
  const handle = drizzlePg(pool, { schema, logger: statementLogger });
  const listeners = new Set<Listening>();
  let closed = false;
  return {
    db: handle as unknown as Db,
    kind: 'postgres',
    async query(text, params) {
      statementLogger.logQuery(text);
      const result = await pool.query(text, params as unknown[] | undefined);
      return result.rows as never;
    },
    async listen(channel, handlers) {
      const listener = listenOnPostgres(listenUrl, channel, handlers);
      listeners.add(listener);
      return {
        async stop() {
          listeners.delete(listener);
          await listener.stop();
        },
        roundTrip: () => listener.roundTrip(),
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
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
      `データベースの LC_CTYPE が「${ctype}」のため、日本語の検索が働きません。` +
        "TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8' で作り直してください（README の「Running on PostgreSQL」）。",
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
  const opened: Opened =
    options.kind === 'postgres'
      ? await openPostgres(options.url, options.poolSize, options.listenUrl)
      : options.kind === 'pglite'
        ? await openPglite(options.dataDir)
        : await openPglite(undefined, options.snapshot);
  try {
    await checkCtype(opened);
    await migrateDatabase(opened);
  } catch (error) {
    await opened.close();
    throw error;
  }
  opened.afterMigrations?.();
  current = opened;
  return opened;
}

export async function closeDatabase(): Promise<void> {
  const closing = current;
  current = undefined;
  await closing?.close();
}
