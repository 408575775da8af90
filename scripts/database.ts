// The database the server would use, for the command-line tasks: DATABASE_URL's PostgreSQL, or
// the embedded PGlite in DATA_DIR (default ./data; stop the server first, one process per dir).
import { resolve } from 'node:path';
import { closeDatabase, openDatabase } from '../app/db/client.server';

export function openServerDatabase() {
  return openDatabase(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR || './data') },
  );
}

/**
 * Runs a task on the server's database and exits: with the task's code (0 when it answers
 * nothing), or 1 after printing the error's message. The database is always closed first, which
 * PGlite needs to flush its files.
 */
export async function runOnServerDatabase(task: () => Promise<unknown>): Promise<never> {
  let exitCode = 0;
  try {
    await openServerDatabase();
    const answer = await task();
    if (typeof answer === 'number') exitCode = answer;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    exitCode = 1;
  } finally {
    await closeDatabase();
  }
  process.exit(exitCode);
}
