// The database the server would use, for the command-line tasks: DATABASE_URL's PostgreSQL, or
// the embedded PGlite in DATA_DIR (default ./data; stop the server first, one process per dir).
import { resolve } from 'node:path';
import { openDatabase } from '../app/db/client.server';

export function openServerDatabase() {
  return openDatabase(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR || './data') },
  );
}
