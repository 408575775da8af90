import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  copySeededDataDir,
  E2E_DATA_DIR,
  PRODUCTION_ENV,
  startServerProcess,
  waitForHealth,
  type StartedServer as Started,
} from '../support/server-process';

// These tests start production servers of their own (no browser needed).
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

async function heroCounts(port: number): Promise<string> {
  // React separates adjacent text with <!-- -->; drop those to read the sentence.
  const html = (await (await fetch(`http://127.0.0.1:${port}/`)).text()).replaceAll('<!-- -->', '');
  const match = /([0-9,]+社・[0-9,]+件)/.exec(html);
  if (!match) throw new Error('no counts on the home page');
  return match[1]!;
}

/** Servers of a public demo as in production (React's production build renders in a third of the time), killed at the end. */
function demoServers() {
  const started: Started[] = [];
  return {
    startServer(env: Record<string, string>) {
      const server = startServerProcess({ ...PRODUCTION_ENV, DEMO_DATA: '1', ...env });
      started.push(server);
      return server;
    },
    killAll() {
      for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    },
  };
}

test('a second process on the same DATA_DIR exits at once with a clear message', async () => {
  const second = startServerProcess({ ...PRODUCTION_ENV, DEMO_DATA: '1', PORT: String(E2E_PORT + 1), DATA_DIR: E2E_DATA_DIR });
  const code = await second.exit;
  expect(code).not.toBe(0);
  expect(second.output()).toMatch(/シューログを起動できませんでした: DATA_DIR（.+）はプロセス \d+ が使用中です。/);
});

test('SIGTERM under load lets every running request finish, exits with code 0, and a restart keeps every row', async () => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'shulog-restart-'));
  const port = E2E_PORT + 2;
  const { startServer, killAll } = demoServers();
  try {
    copySeededDataDir(dataDir);
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, first);
    const before = await heroCounts(port);

    // Stopped under load: 16 clients ask for pages rendered afresh (each query a list of its
    // own), one after another, and half of them leave as the stop begins. Every handler running
    // then finishes before the database closes (server/in-flight.ts): the answers still waited for
    // come whole, and nothing is logged about a closed database.
    let stopping = false;
    const leaving = Array.from({ length: 8 }, () => new AbortController());
    let served = 0;
    /** What each client's last request got: a whole page, a refused connection, or a cut answer. */
    const client = async (i: number) => {
      let last = 'none';
      for (let n = 0; !stopping || last === 'none'; n++) {
        const url = `http://127.0.0.1:${port}/entry_sheets?q=${encodeURIComponent(`面接 ${i} ${n}`)}`;
        let response: Response;
        try {
          response = await fetch(url, { signal: leaving[i]?.signal });
        } catch {
          // Left, or not accepted any more (a load balancer sends it elsewhere).
          return last === 'cut' ? last : 'no answer';
        }
        try {
          const page = await response.text();
          last = response.status === 200 && page.trimEnd().endsWith('</html>') ? 'whole' : `${response.status}`;
          served++;
        } catch {
          return i < leaving.length ? 'left' : 'cut';
        }
      }
      return last;
    };
    const clients = Array.from({ length: 16 }, (_, i) => client(i));
    await expect.poll(() => served).toBeGreaterThanOrEqual(16);
    const stopAsked = Date.now();
    stopping = true;
    first.child.kill('SIGTERM');
    for (const controller of leaving) controller.abort();
    const answers = await Promise.all(clients);
    expect(await first.exit).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(12_000);
    expect(answers.slice(leaving.length).filter((answer) => answer !== 'whole' && answer !== 'no answer')).toEqual([]);
    const logged = first.output();
    // Requests were running when the stop came, and they ended before the database closed.
    expect(Number(/"requests":(\d+),"msg":"shutting down"/.exec(logged)?.[1])).toBeGreaterThan(0);
    expect(logged).not.toContain('database is not open');
    expect(logged.split('\n').filter((line) => /"level":(50|60)/.test(line) && !line.includes('SMTP_URL is not set'))).toEqual([]);

    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, second);
    expect(await heroCounts(port)).toBe(before);
    expect(second.output()).not.toContain('demo data seeded');
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  } finally {
    // A failed assertion must not leave a server holding the port for the next run.
    killAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Logs a demo student in as a browser would; answers the cookie header and the CSRF token. */
async function logInStudent(port: number, email: string): Promise<{ cookie: string; token: string }> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(await fetch(`http://127.0.0.1:${port}/login`));
  const login = await fetch(`http://127.0.0.1:${port}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), 'x-csrf-token': jar.get('XSRF-TOKEN') ?? '' },
    body: new URLSearchParams({ email, password: 'shulog-demo-2026' }),
  });
  keep(login);
  expect(login.status).toBeLessThan(400);
  return { cookie: cookie(), token: jar.get('XSRF-TOKEN') ?? '' };
}

test('a backup taken while the site takes writes, restored into an empty folder, has every write acknowledged before it began', async () => {
  test.setTimeout(300_000);
  const work = mkdtempSync(join(tmpdir(), 'shulog-backup-'));
  const dataDir = join(work, 'data');
  const restoredDir = join(work, 'restored');
  const backupFile = join(work, 'site.tar.gz');
  const port = E2E_PORT + 3;
  const { startServer, killAll } = demoServers();
  // Run without blocking this process: the writes go on while the backup is taken.
  const run = (script: string, env: Record<string, string>, args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn('node', ['--import', 'tsx', script, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk;
      });
      child.on('close', (code) => resolve({ code, output }));
    });
  try {
    copySeededDataDir(dataDir);
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, first);
    const student = await logInStudent(port, 'student05@shulog.example');

    // A student keeps adding favorites, one company after another; each acknowledged one is noted.
    const acknowledged: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let companyId = 1; writing && companyId <= 300; companyId++) {
        const answer = await fetch(`http://127.0.0.1:${port}/mypage/favorites`, {
          method: 'POST',
          headers: { cookie: student.cookie, 'x-csrf-token': student.token, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ company_id: String(companyId) }),
        });
        if (answer.status === 200) acknowledged.push(companyId);
      }
    })();
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(20);
    const beforeBackup = [...acknowledged];
    // The backup is taken by the running server (DATA_DIR/backup.sock) while the writes go on.
    const backup = await run('scripts/db-backup.ts', { DATA_DIR: dataDir }, [backupFile]);
    expect(backup.output).toContain('動いているサーバーから');
    expect(backup.code).toBe(0);
    const duringBackup = acknowledged.length - beforeBackup.length;
    writing = false;
    await writer;
    expect(duringBackup).toBeGreaterThan(0);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    // Restored into an empty folder (never over a database), then the site starts on it.
    expect((await run('scripts/db-restore.ts', { DATA_DIR: dataDir }, [backupFile])).code).toBe(1);
    const restore = await run('scripts/db-restore.ts', { DATA_DIR: restoredDir }, [backupFile]);
    expect(restore.output).toContain('復元しました');
    const second = startServer({ PORT: String(port), DATA_DIR: restoredDir });
    await waitForHealth(port, second);
    expect(second.output()).not.toContain('demo data seeded');
    // Each favorite acknowledged before the backup began is there: adding it again adds nothing.
    const again = await logInStudent(port, 'student05@shulog.example');
    for (const companyId of beforeBackup) {
      const answer = await fetch(`http://127.0.0.1:${port}/mypage/favorites`, {
        method: 'POST',
        headers: { cookie: again.cookie, 'x-csrf-token': again.token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ company_id: String(companyId) }),
      });
      expect(((await answer.json()) as { added: boolean }).added, `company ${companyId}`).toBe(false);
    }
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  } finally {
    killAll();
    rmSync(work, { recursive: true, force: true });
  }
});
