// Backups of the embedded database (issue 31, part 2; docs/decisions/080-backups.md). PGlite's
// DATA_DIR belongs to one process, so a backup while the site runs is taken by the server itself:
// it listens on DATA_DIR/backup.sock (a Unix socket only the data's owner can open) and answers
// `npm run db:backup` by writing the tarball of its database where asked. Without a running server
// the command line opens the database and takes it itself. A restore unpacks a backup into an
// empty DATA_DIR, where the next start finds it.
import { createConnection, createServer, type Server } from 'node:net';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './client.server';
import { acquireDataDirLock } from './lock.server';

export const BACKUP_SOCKET = 'backup.sock';

/** Writes a tarball to `path` whole or not at all (a temporary file renamed), readable by its owner only. */
async function writeBackup(path: string, tarball: Blob): Promise<number> {
  const bytes = Buffer.from(await tarball.arrayBuffer());
  const temporary = `${path}.partial-${process.pid}`;
  await writeFile(temporary, bytes, { mode: 0o600 });
  await rename(temporary, path);
  return bytes.length;
}

/** Takes a backup of an open embedded database into `path`; answers its size in bytes. */
export async function backUpDatabase(database: Database, path: string): Promise<number> {
  if (!database.dumpDataDir) throw new Error('PostgreSQL is backed up with pg_dump (README: Backups)');
  return writeBackup(path, await database.dumpDataDir());
}

type Answer = { ok: true; bytes: number } | { ok: false; error: string };

/**
 * The server's side: answers backup requests on DATA_DIR/backup.sock, one line of JSON each
 * ({"path": "/abs/file.tar.gz"}), with one line back. A socket left by a stopped server is
 * replaced (the DATA_DIR lock says this process is its only owner).
 */
export async function listenForBackups(dataDir: string, database: Database): Promise<Server> {
  const socketPath = join(dataDir, BACKUP_SOCKET);
  rmSync(socketPath, { force: true });
  const server = createServer((connection) => {
    let request = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      request += chunk;
      if (request.length > 4096) connection.destroy();
      if (!request.includes('\n')) return;
      const reply = (answer: Answer) => connection.end(`${JSON.stringify(answer)}\n`);
      let path: unknown;
      try {
        path = (JSON.parse(request) as { path?: unknown }).path;
      } catch {
        path = undefined;
      }
      if (typeof path !== 'string' || !path.startsWith('/')) {
        reply({ ok: false, error: 'バックアップ先は絶対パスで指定してください。' });
        return;
      }
      backUpDatabase(database, path).then(
        (bytes) => reply({ ok: true, bytes }),
        (error: unknown) => reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    });
    connection.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  server.unref();
  return server;
}

/** The command line's side: asks the server running on `dataDir` for a backup into `path`. */
export function requestBackup(dataDir: string, path: string, timeoutMs = 10 * 60_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(join(dataDir, BACKUP_SOCKET));
    let answer = '';
    const timer = setTimeout(() => connection.destroy(new Error('サーバーからバックアップの完了の知らせがありませんでした。')), timeoutMs);
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify({ path })}\n`));
    connection.on('data', (chunk: string) => {
      answer += chunk;
    });
    connection.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    connection.on('end', () => {
      clearTimeout(timer);
      try {
        const parsed = JSON.parse(answer) as Answer;
        if (parsed.ok) resolve(parsed.bytes);
        else reject(new Error(parsed.error));
      } catch {
        reject(new Error('サーバーの答えを読めませんでした。'));
      }
    });
  });
}

/** Whether a server is running on `dataDir` and answering backups (its socket is there). */
export function serverSocketExists(dataDir: string): boolean {
  return existsSync(join(dataDir, BACKUP_SOCKET));
}

/**
 * Unpacks a backup into `dataDir`, which must be empty or missing (a restore never overwrites a
 * database). The next start opens it (and applies any newer migrations).
 */
export async function restoreDatabase(dataDir: string, tarball: Blob): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new Error(`DATA_DIR（${dataDir}）は空ではありません。空のフォルダか、まだないフォルダを指定してください（上書きはしません）。`);
  }
  mkdirSync(dataDir, { recursive: true });
  // No server may start on the folder while it is being filled.
  const release = acquireDataDirLock(dataDir);
  try {
    const restored = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm }, loadDataDir: tarball });
    await restored.query('SELECT 1');
    await restored.close();
  } finally {
    release();
  }
}
