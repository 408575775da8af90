import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PRODUCTION_ENV, startServerProcess, waitForHealth, type StartedServer as Started } from '../support/server-process';

// These tests start production servers of their own (no browser needed).
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/shulog-e2e-${E2E_PORT}`;

async function heroCounts(port: number): Promise<string> {
  // React separates adjacent text with <!-- -->; drop those to read the sentence.
  const html = (await (await fetch(`http://127.0.0.1:${port}/`)).text()).replaceAll('<!-- -->', '');
  const match = /([0-9,]+社・[0-9,]+件)/.exec(html);
  if (!match) throw new Error('no counts on the home page');
  return match[1]!;
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
  const started: Started[] = [];
  // A public demo as in production (React's production build renders in a third of the time).
  const startServer = (env: Record<string, string>) => {
    const server = startServerProcess({ ...PRODUCTION_ENV, DEMO_DATA: '1', ...env });
    started.push(server);
    return server;
  };
  try {
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port, first);
    const before = await heroCounts(port);
    expect(first.output()).toContain('demo data seeded');

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
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
