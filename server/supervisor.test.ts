import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerCount } from './supervisor';

describe('workerCount', () => {
  it('runs one process unless WEB_CONCURRENCY asks for more', () => {
    expect(workerCount({ DATABASE_URL: 'postgres://db/x' })).toBe(1);
    expect(workerCount({})).toBe(1);
    expect(workerCount({ DATABASE_URL: 'postgres://db/x', WEB_CONCURRENCY: ' ' })).toBe(1);
    expect(workerCount({ DATABASE_URL: 'postgres://db/x', WEB_CONCURRENCY: '3' })).toBe(3);
    expect(workerCount({ WEB_CONCURRENCY: '1' })).toBe(1);
  });

  it('refuses what cannot work', () => {
    expect(() => workerCount({ WEB_CONCURRENCY: '2' })).toThrow(/DATABASE_URL/);
    expect(() => workerCount({ DATABASE_URL: '', WEB_CONCURRENCY: '2' })).toThrow(/DATABASE_URL/);
    for (const bad of ['0', '-1', '1.5', 'two', '1e3']) {
      expect(() => workerCount({ DATABASE_URL: 'postgres://db/x', WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
    }
  });
});

// A stand-in for the server: each worker answers with its pid; /crash kills the worker;
// FAIL_AT_START makes every worker die before it listens.
const FIXTURE = `
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { superviseWorkers } from ${JSON.stringify(new URL('./supervisor.ts', import.meta.url).pathname)};
if (cluster.isPrimary) {
  superviseWorkers({ count: 2, log: (m) => console.log('log:', m) }).then(
    () => console.log('ready', process.env.PORT),
    (error) => console.log('failed:', error.message),
  );
} else if (process.env.FAIL_AT_START) {
  process.exit(3);
} else {
  const server = createServer((req, res) => {
    if (req.url === '/crash') process.exit(7);
    res.end(String(process.pid));
  });
  server.listen(Number(process.env.PORT), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(process.env.FAIL_AT_STOP ? 1 : 0)));
}
`;

const running: ChildProcess[] = [];
let dir = '';

function startFixture(env: Record<string, string> = {}) {
  dir = mkdtempSync(join(tmpdir(), 'shulog-supervisor-'));
  const file = join(dir, 'fixture.mjs');
  writeFileSync(file, FIXTURE);
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (text: string) => {
    for (let i = 0; i < 200 && !output.includes(text); i++) await new Promise((r) => setTimeout(r, 50));
    if (!output.includes(text)) throw new Error(`no "${text}" in:\n${output}`);
  };
  return { child, port, exited, waitFor, output: () => output };
}

async function pidsAnswering(port: string, requests: number): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < requests; i++) {
    // A new connection each time: the primary hands connections to workers in turn.
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { Connection: 'close' } });
    pids.add(await response.text());
  }
  return pids;
}

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('superviseWorkers', () => {
  it('serves one port from two processes, replaces a worker that dies, and stops on SIGTERM', async () => {
    const fixture = startFixture();
    await fixture.waitFor('ready');
    const before = await pidsAnswering(fixture.port, 20);
    expect(before.size).toBe(2);

    await fetch(`http://127.0.0.1:${fixture.port}/crash`, { headers: { Connection: 'close' } }).catch(() => {});
    await fixture.waitFor('starting another');
    let after = new Set<string>();
    for (let i = 0; i < 40 && !(after.size === 2 && [...after].some((pid) => !before.has(pid))); i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await pidsAnswering(fixture.port, 6);
    }
    expect(after.size).toBe(2);
    expect([...after].filter((pid) => !before.has(pid))).toHaveLength(1);

    fixture.child.kill('SIGTERM');
    expect(await fixture.exited).toBe(0);
  });

  it('exits 1 when a worker fails to stop cleanly', async () => {
    const fixture = startFixture({ FAIL_AT_STOP: '1' });
    await fixture.waitFor('ready');
    fixture.child.kill('SIGTERM');
    expect(await fixture.exited).toBe(1);
  });

  it('fails like a single server when a worker cannot start', async () => {
    const fixture = startFixture({ FAIL_AT_START: '1' });
    await fixture.waitFor('failed: a server process exited while starting (exit code 3)');
    expect(await fixture.exited).toBe(1);
  });
});
