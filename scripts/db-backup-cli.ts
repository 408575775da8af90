// The command lines of `npm run db:backup -- FILE` and `npm run db:restore -- FILE` apart from the
// process, so that tests run them (docs/decisions/080-backups.md). The embedded database only:
// PostgreSQL is backed up with pg_dump and restored with pg_restore (README: Backups).
// Exit codes: 0 done, 1 failed (said in Japanese), 2 wrong usage.
import { openAsBlob } from 'node:fs';
import { resolve } from 'node:path';
import { backUpDatabase, requestBackup, restoreDatabase, serverSocketExists } from '../app/db/backup.server';
import { closeDatabase, database, openDatabase } from '../app/db/client.server';

export type CliIo = { out: (line: string) => void; err: (line: string) => void };
type Env = { DATA_DIR?: string; DATABASE_URL?: string };

const POSTGRES = 'DATABASE_URL（PostgreSQL）のバックアップは pg_dump で取ります（README の「Backups」）。';
const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function runBackupCli(argv: readonly string[], io: CliIo, env: Env = process.env): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('--')) {
    io.err('使い方: npm run db:backup -- バックアップ先.tar.gz');
    return 2;
  }
  if (env.DATABASE_URL) {
    io.err(POSTGRES);
    return 2;
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  const path = resolve(argv[0]!);
  const started = performance.now();
  const done = (bytes: number, how: string) => {
    io.out(`バックアップを書きました: ${path}（${size(bytes)}、${how}、${((performance.now() - started) / 1000).toFixed(1)} 秒）`);
    return 0;
  };
  try {
    // A running server owns the database: it takes the backup between two statements.
    if (serverSocketExists(dataDir)) {
      try {
        return done(await requestBackup(dataDir, path), '動いているサーバーから');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // A socket left by a server that stopped without removing it: no server, open it here.
        if (code !== 'ECONNREFUSED' && code !== 'ENOENT') throw error;
      }
    }
    await openDatabase({ kind: 'pglite', dataDir });
    try {
      return done(await backUpDatabase(database(), path), 'サーバーは停止中');
    } finally {
      await closeDatabase();
    }
  } catch (error) {
    io.err(`バックアップできませんでした: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

export async function runRestoreCli(argv: readonly string[], io: CliIo, env: Env = process.env): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('--')) {
    io.err('使い方: DATA_DIR=空のフォルダ npm run db:restore -- バックアップ.tar.gz');
    return 2;
  }
  if (env.DATABASE_URL) {
    io.err(POSTGRES.replace('pg_dump で取ります', 'pg_restore で戻します'));
    return 2;
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  try {
    await restoreDatabase(dataDir, await openAsBlob(resolve(argv[0]!)));
    io.out(`復元しました: ${dataDir}。このフォルダを DATA_DIR にしてサーバーを起動してください。`);
    return 0;
  } catch (error) {
    io.err(`復元できませんでした: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
