// One process per data directory: PGlite corrupts its files when two processes open them. The
// lock is DATA_DIR/.lock, naming its holder. A holder that is gone, a zombie, or a pid that now
// names another program holds nothing, so a restart right after a crash always starts
// (docs/decisions/050-data-dir-lock.md).
import { existsSync, linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logger } from '../lib/logger.server';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR（${dataDir}）はプロセス ${pid} が使用中です。` +
        'そのプロセスを止めてから起動するか、別の DATA_DIR（または DATABASE_URL）を指定してください。',
    );
  }
}

/** Who holds a lock, as its file says. Files written before start times were kept name a pid only. */
export type LockHolder = { pid: number; startTime?: string; bootId?: string };

/** A process as /proc shows it: its state letter (R, S, Z…) and when it started (clock ticks since boot). */
export type ProcessInfo = { state: string; startTime: string };

/** What the lock rule asks of the system; the tests give it processes of their own. */
export type ProcessTable = {
  /** undefined: this system has no /proc (not Linux); null: no such process. */
  info(pid: number): ProcessInfo | null | undefined;
  /** This boot's id (/proc/sys/kernel/random/boot_id), when the system says. */
  bootId(): string | undefined;
  /** Whether a signal could reach the pid: the only question left without /proc. */
  exists(pid: number): boolean;
};

/**
 * Reads /proc/PID/stat: "pid (comm) state ppid … starttime …". The command name may hold spaces
 * and parentheses, so the fields are counted from the last ')'; starttime is field 22.
 */
export function parseProcStat(text: string): ProcessInfo | null {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19];
  if (!state || !startTime || !/^\d+$/.test(startTime)) return null;
  return { state, startTime };
}

let procAvailable: boolean | undefined;
let bootId: string | null | undefined;

export const systemProcesses: ProcessTable = {
  info(pid) {
    procAvailable ??= existsSync('/proc/self/stat');
    if (!procAvailable) return undefined;
    try {
      return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      // No such directory: the process is gone (and reaped).
      return null;
    }
  },
  bootId() {
    if (bootId === undefined) {
      try {
        bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
      } catch {
        bootId = null;
      }
    }
    return bootId ?? undefined;
  },
  exists(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: the process exists but belongs to someone else.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
};

/**
 * Whether the process a lock file names still holds it. A zombie (killed, not yet waited for by
 * its parent) has closed every file and holds nothing; nor does a pid that now belongs to a
 * program started later (its start time differs from the one in the file), nor anything from an
 * earlier boot. Without /proc only a signal can tell, and a live pid is taken to hold the lock.
 */
export function holdsLock(holder: LockHolder, processes: ProcessTable = systemProcesses, self = process.pid): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || holder.pid === self) return false;
  const info = processes.info(holder.pid);
  if (info === undefined) return processes.exists(holder.pid);
  if (info === null) return false;
  if (info.state === 'Z' || info.state === 'X') return false;
  const boot = processes.bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  if (holder.startTime && holder.startTime !== info.startTime) return false;
  return true;
}

/** The lock file's text for this process: "pid starttime bootid", or the pid alone without /proc. */
export function lockText(processes: ProcessTable = systemProcesses, pid = process.pid): string {
  const info = processes.info(pid);
  const boot = processes.bootId();
  return info ? `${pid} ${info.startTime}${boot ? ` ${boot}` : ''}\n` : `${pid}\n`;
}

export function parseLockText(text: string): LockHolder {
  const [pid, startTime, bootId] = text.trim().split(/\s+/);
  return { pid: Number(pid), ...(startTime ? { startTime } : {}), ...(bootId ? { bootId } : {}) };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Moves a stale lock out of the way. rename is atomic, so of several starters that judged the
 * same file stale exactly one moves it; one that finds it moved a fresh lock instead (taken by
 * another starter since it read the file) puts that back.
 */
function removeStaleLock(path: string, judged: string): void {
  const aside = `${path}.stale.${process.pid}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== judged) linkSync(aside, path);
  } catch (error) {
    // EEXIST: a third starter linked its lock meanwhile; the next round reads whose it is.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Takes DATA_DIR/.lock for this process. The file appears with its content in one step (a hard
 * link to a file already written), so another starter never reads a half-written lock. A lock
 * whose holder no longer holds it (holdsLock) is taken over. Returns the function that releases it.
 */
export function acquireDataDirLock(dataDir: string, processes: ProcessTable = systemProcesses): () => void {
  const path = join(dataDir, '.lock');
  const mine = lockText(processes);
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, mine, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(draft, path);
        return () => releaseLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let seen: string;
      try {
        seen = readFileSync(path, 'utf8');
      } catch (error) {
        if (isMissing(error)) continue; // Released between our link and our read: try again.
        throw error;
      }
      const holder = parseLockText(seen);
      if (holdsLock(holder, processes)) throw new DataDirLockedError(dataDir, holder.pid);
      removeStaleLock(path, seen);
    }
  } finally {
    try {
      rmSync(draft, { force: true });
    } catch (error) {
      logger().warn({ err: error, path: draft }, 'DATA_DIR lock draft not removed');
    }
  }
  throw new Error(
    `DATA_DIR（${dataDir}）のロックを取得できませんでした。ほかに同時に起動しているプロセスがないか確かめて、もう一度起動してください。`,
  );
}

function releaseLock(path: string): void {
  try {
    if (parseLockText(readFileSync(path, 'utf8')).pid === process.pid) unlinkSync(path);
  } catch (error) {
    // Gone already is fine. Any other failure leaves a lock naming this process, which the next
    // start takes over once this process has ended: worth a line, not a failed shutdown.
    if (!isMissing(error)) logger().warn({ err: error, path }, 'DATA_DIR lock not removed');
  }
}
