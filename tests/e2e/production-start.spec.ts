import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_MODERATOR_EMAIL, DEMO_PASSWORD, DEMO_STUDENT_COUNT, demoStudentEmail } from '../../app/features/demo/accounts';
import {
  PRODUCTION_ENV,
  processState,
  startServerProcess,
  startUnreapedServer,
  waitForHealth,
  type StartedServer,
  type UnreapedServer,
} from '../support/server-process';

// Issue 28, points 1 and 6: production servers of their own (no browser) on one data directory,
// from empty to holding the demo's accounts. The tests run in order and share it.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 3;
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_LOGINS = [DEMO_MODERATOR_EMAIL, ...Array.from({ length: DEMO_STUDENT_COUNT }, (_, index) => demoStudentEmail(index + 1))];

test.describe.configure({ mode: 'serial' });

let dataDir: string;
test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'shulog-production-'));
});
test.afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const production = (env: Record<string, string> = {}) => ({ ...PRODUCTION_ENV, PORT: String(PORT), DATA_DIR: dataDir, ...env });

/** A login through the form, as a browser sends it, from its own client address: the status. */
async function logInStatus(email: string, password: string, ip: string): Promise<number> {
  const page = await fetch(`${BASE}/login`, { headers: { 'X-Forwarded-For': ip } });
  const cookie = page.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const token = /name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const response = await fetch(`${BASE}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
    body: new URLSearchParams({ authenticity_token: token, email, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Runs a script of the project with tsx, as `npm run` would: its exit code and output. */
function runScript(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

async function stop(server: StartedServer) {
  server.child.kill('SIGTERM');
  expect(await server.exit).toBe(0);
}

test('a production server on an empty database seeds no demo: no demo login works, no demo company exists', async () => {
  test.setTimeout(120_000);
  const server = startServerProcess(production());
  try {
    await waitForHealth(PORT, server);
    // The log may reach this process a moment after the answer does.
    await expect
      .poll(server.stdout)
      .toContain('empty database: no demo data in production; reference data (prefectures, industries) written');
    expect(server.stdout()).not.toContain('demo data seeded');
    // Every login of the README's demo table, each from an address of its own (the login limits
    // count per address): none gets in.
    for (const [index, email] of DEMO_LOGINS.entries()) {
      expect(await logInStatus(email, DEMO_PASSWORD, `10.28.1.${index + 1}`), email).toBe(401);
    }
    // No company at all: not the demo's first, none counted on the top page, none found by search.
    expect((await fetch(`${BASE}/companies/1`)).status).toBe(404);
    const home = (await (await fetch(`${BASE}/`)).text()).replaceAll('<!-- -->', '');
    expect(home).toContain('0社・0件');
    // Nor does the footer call the site's content invented.
    expect(home).not.toContain('デモ用に作成した架空のもの');
    const search = await fetch(`${BASE}/api/company?source=incremental&company_name=${encodeURIComponent('株式会社')}`);
    expect(JSON.stringify(await search.json())).not.toMatch(/"id":\d+/);
  } finally {
    if (server.child.exitCode === null) await stop(server);
  }
});

test('started again at once after a kill -9, while the killed server is still a zombie, it starts every time', async () => {
  test.skip(process.platform !== 'linux', 'zombies are read from /proc');
  test.setTimeout(120_000);
  const started: UnreapedServer[] = [];
  const start = async () => {
    const server = await startUnreapedServer(production());
    started.push(server);
    return server;
  };
  try {
    let server = await start();
    await waitForHealth(PORT, server);
    for (let round = 1; round <= 3; round++) {
      process.kill(server.pid, 'SIGKILL');
      // No wait: a supervisor restarts before it reaps the old process.
      const next = await start();
      await waitForHealth(PORT, next);
      // The new server started while the lock named the killed one, which is still a zombie.
      expect(processState(server.pid), `round ${round}`).toBe('Z');
      expect(Number(readFileSync(join(dataDir, '.lock'), 'utf8').split(' ')[0])).toBe(next.pid);
      expect(next.output()).not.toContain('起動できませんでした');
      server = next;
    }
    process.kill(server.pid, 'SIGTERM');
    await expect.poll(() => processState(server.pid), { timeout: 10_000 }).toBe('Z');
  } finally {
    for (const server of started) {
      if (processState(server.pid) !== 'Z') process.kill(server.pid, 'SIGKILL');
      server.release();
    }
  }
});

test('refuses a database where demo accounts log in with the README password, names them, and starts once they are closed', async () => {
  test.setTimeout(120_000);
  const added = await runScript(['tests/setup/add-demo-accounts.ts', dataDir]);
  expect(added.code, added.stderr).toBe(0);

  const refused = startServerProcess(production());
  expect(await refused.exit).toBe(1);
  // One line, in Japanese, naming the two accounts the README's password opens (not the third,
  // whose owner changed it) and what to do.
  expect(refused.stderr().trim().split('\n')).toEqual([
    expect.stringMatching(
      /^シューログを起動できませんでした: README に載っているデモ用のパスワードでログインできるアカウントが 2 件あるため、本番環境（NODE_ENV=production）では起動しません。npm run demo:close-logins .+DEMO_DATA=1 .+該当するアカウント: admin@shulog\.example, student01@shulog\.example$/,
    ),
  ]);

  // Asked for in so many words, a demo site starts, lets the demo in and says so in its log.
  const demo = startServerProcess(production({ DEMO_DATA: '1' }));
  try {
    await waitForHealth(PORT, demo);
    const warnings = () =>
      demo
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.msg.startsWith('DEMO_DATA=1: a demo site'));
    await expect.poll(warnings).toEqual([expect.objectContaining({ level: 40 })]);
    expect(await (await fetch(`${BASE}/`)).text()).toContain('掲載している企業・投稿はすべてデモ用に作成した架空のものです。');
    expect(await logInStatus('admin@shulog.example', DEMO_PASSWORD, '10.28.2.1')).toBe(302);
  } finally {
    if (demo.child.exitCode === null) await stop(demo);
  }

  // The command the message names closes them; then the production server starts.
  const closed = await runScript(['scripts/demo-close-logins.ts'], { DATA_DIR: dataDir, DATABASE_URL: '' });
  expect(closed.stdout.trim()).toBe('2 件のデモアカウントのパスワードを使えなくしました: admin@shulog.example, student01@shulog.example');
  const server = startServerProcess(production());
  try {
    await waitForHealth(PORT, server);
    expect(await logInStatus('admin@shulog.example', DEMO_PASSWORD, '10.28.2.2')).toBe(401);
  } finally {
    if (server.child.exitCode === null) await stop(server);
  }
});
