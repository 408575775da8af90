// One process per data directory: PGlite corrupts its files when two processes open them.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is already in use by process ${pid}. ` +
        'Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL).',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR/.lock, holding our pid. A lock left by a process that no longer runs (a
 * `kill -9`, a power cut) is taken over, so a crash never blocks the next start.
 * Returns the function that releases it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const path = join(dataDir, '.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(path, 'utf8').trim());
      } catch {
        continue; // Removed between our open and read: try again.
      }
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      try {
        unlinkSync(path);
      } catch {
        // Another starter removed the stale lock first; the next attempt decides.
      }
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}
