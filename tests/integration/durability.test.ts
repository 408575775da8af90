import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, database, openDatabase } from '../../app/db/client.server';

const dataDir = mkdtempSync(join(tmpdir(), 'shulog-durability-'));
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database on disk', () => {
  it('keeps every committed row through a kill -9, and the next start takes over the stale lock', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/write-until-killed.ts', dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const committed: string[] = [];
    let buffered = '';
    let ready = false;
    const killedAfter = new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (line === 'ready') ready = true;
          else if (line) committed.push(line);
        }
        if (committed.length >= 150 && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', () => resolve());
    });
    await killedAfter;
    expect(ready).toBe(true);
    expect(committed.length).toBeGreaterThanOrEqual(150);

    // While no process holds it, a new one opens the directory despite the lock file left behind.
    await openDatabase({ kind: 'pglite', dataDir });
    const rows = await database().query<{ name: string }>('SELECT name FROM industries');
    const present = new Set(rows.map((row) => row.name));
    const missing = committed.filter((name) => !present.has(name));
    expect(missing).toEqual([]);

    // A second opener of the same directory is refused at once, with a clear message.
    const second = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/write-until-killed.ts', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    second.stderr.setEncoding('utf8');
    second.stderr.on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/DATA_DIR（.+）はプロセス \d+ が使用中です。/);
  }, 90_000);
});
