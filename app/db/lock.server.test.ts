import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  holdsLock,
  lockText,
  parseLockText,
  parseProcStat,
  systemProcesses,
  type ProcessInfo,
  type ProcessTable,
} from './lock.server';

/** A process table of the test's own: pid → what /proc would say. */
function table(processes: Record<number, ProcessInfo>, options: { proc?: boolean; boot?: string } = {}): ProcessTable {
  return {
    info: (pid) => (options.proc === false ? undefined : (processes[pid] ?? null)),
    bootId: () => options.boot ?? 'boot-a',
    exists: (pid) => pid in processes,
  };
}

describe('the lock rule', () => {
  const self = 1000;

  it('reads the state and start time of /proc/PID/stat, whatever the command name holds', () => {
    const stat = '4242 (node ) (x) S) Z 1 4242 4242 0 -1 4194560 10 0 0 0 5 1 0 0 20 0 11 0 987654 1000 10 1 2 3';
    expect(parseProcStat(stat)).toEqual({ state: 'Z', startTime: '987654' });
    expect(parseProcStat('')).toBeNull();
  });

  it('is held by a running process that started when the file says', () => {
    const processes = table({ 77: { state: 'S', startTime: '500' } });
    expect(holdsLock({ pid: 77, startTime: '500', bootId: 'boot-a' }, processes, self)).toBe(true);
    expect(holdsLock({ pid: 77, startTime: '500', bootId: 'boot-a' }, table({ 77: { state: 'R', startTime: '500' } }), self)).toBe(true);
  });

  it('is not held by a process that is gone, a zombie or a dead one', () => {
    expect(holdsLock({ pid: 77, startTime: '500', bootId: 'boot-a' }, table({}), self)).toBe(false);
    expect(holdsLock({ pid: 77, startTime: '500', bootId: 'boot-a' }, table({ 77: { state: 'Z', startTime: '500' } }), self)).toBe(false);
    expect(holdsLock({ pid: 77, startTime: '500', bootId: 'boot-a' }, table({ 77: { state: 'X', startTime: '500' } }), self)).toBe(false);
  });

  it('is not held by another program that got the pid later, nor across a reboot', () => {
    const reused = table({ 77: { state: 'S', startTime: '9000' } });
    expect(holdsLock({ pid: 77, startTime: '500', bootId: 'boot-a' }, reused, self)).toBe(false);
    const sameTicks = table({ 77: { state: 'S', startTime: '500' } }, { boot: 'boot-b' });
    expect(holdsLock({ pid: 77, startTime: '500', bootId: 'boot-a' }, sameTicks, self)).toBe(false);
  });

  it('takes a file naming a pid only (written before start times) as held while that pid runs, unless a zombie', () => {
    expect(holdsLock({ pid: 77 }, table({ 77: { state: 'S', startTime: '9000' } }), self)).toBe(true);
    expect(holdsLock({ pid: 77 }, table({ 77: { state: 'Z', startTime: '9000' } }), self)).toBe(false);
  });

  it('without /proc, asks whether a signal reaches the pid', () => {
    expect(holdsLock({ pid: 77, startTime: '500' }, table({ 77: { state: 'S', startTime: '1' } }, { proc: false }), self)).toBe(true);
    expect(holdsLock({ pid: 78, startTime: '500' }, table({ 77: { state: 'S', startTime: '1' } }, { proc: false }), self)).toBe(false);
  });

  it('never counts the starter itself, nor a file that names no pid', () => {
    const everything = table({ [self]: { state: 'R', startTime: '1' } });
    expect(holdsLock({ pid: self, startTime: '1' }, everything, self)).toBe(false);
    expect(holdsLock(parseLockText(''), everything, self)).toBe(false);
    expect(holdsLock(parseLockText('garbage'), everything, self)).toBe(false);
  });

  it('writes the pid, the start time and the boot, and reads them back', () => {
    const processes = table({ 77: { state: 'R', startTime: '500' } });
    expect(lockText(processes, 77)).toBe('77 500 boot-a\n');
    expect(parseLockText('77 500 boot-a\n')).toEqual({ pid: 77, startTime: '500', bootId: 'boot-a' });
    expect(parseLockText('77\n')).toEqual({ pid: 77 });
    expect(lockText(table({}, { proc: false }), 77)).toBe('77\n');
  });
});

// Real processes: a running one, one killed and waited for, a zombie, and a pid's owner changed.
describe.runIf(existsSync('/proc/self/stat'))('DATA_DIR/.lock with real processes', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'shulog-lock-'));
    dirs.push(dir);
    return dir;
  };
  const started = (child: ChildProcess) => {
    children.push(child);
    return new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
  };
  const lockFile = (dir: string) => join(dir, '.lock');

  async function waitForState(pid: number, state: string) {
    for (let i = 0; i < 200; i++) {
      if (systemProcesses.info(pid)?.state === state) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`process ${pid} never reached state ${state}`);
  }

  it('refuses while a running process holds it, naming that process', async () => {
    const dir = dataDir();
    const holder = spawn('sleep', ['30']);
    await started(holder);
    writeFileSync(lockFile(dir), lockText(systemProcesses, holder.pid!));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`プロセス ${holder.pid} が使用中`);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(lockText(systemProcesses, holder.pid!));
  });

  it('takes over the lock of a killed process while it is still a zombie', async () => {
    const dir = dataDir();
    // The shell becomes `sleep`, which never waits for its children: the killed one stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    await started(parent);
    const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
    writeFileSync(lockFile(dir), lockText(systemProcesses, pid));
    process.kill(pid, 'SIGKILL');
    await waitForState(pid, 'Z');

    const release = acquireDataDirLock(dir);
    expect(parseLockText(readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    expect(systemProcesses.info(pid)?.state).toBe('Z');
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over the lock of a process that has ended, and one whose pid a later program has', async () => {
    const gone = dataDir();
    const ended = spawn('sleep', ['30']);
    await started(ended);
    writeFileSync(lockFile(gone), lockText(systemProcesses, ended.pid!));
    ended.kill('SIGKILL');
    await new Promise((resolve) => ended.once('exit', resolve));
    acquireDataDirLock(gone)();

    // The pid is running, but it started at another time than the lock's holder did.
    const reused = dataDir();
    const other = spawn('sleep', ['30']);
    await started(other);
    const [pid, startTime, boot] = lockText(systemProcesses, other.pid!).trim().split(' ');
    writeFileSync(lockFile(reused), `${pid} ${Number(startTime) - 1} ${boot}\n`);
    const release = acquireDataDirLock(reused);
    expect(parseLockText(readFileSync(lockFile(reused), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('leaves no file but the lock, and releases only its own lock', async () => {
    const dir = dataDir();
    const release = acquireDataDirLock(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(lockText());
    const holder = spawn('sleep', ['30']);
    await started(holder);
    // Another process took the directory over meanwhile (say, after this one was judged gone).
    writeFileSync(lockFile(dir), lockText(systemProcesses, holder.pid!));
    release();
    expect(existsSync(lockFile(dir))).toBe(true);
    rmSync(lockFile(dir));
    const again = acquireDataDirLock(dir);
    again();
    expect(readdirSync(dir)).toEqual([]);
  });
});
