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

test('SIGTERM stops the server with exit code 0 within 5 s, and a restart keeps every row', async () => {
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

    const stopAsked = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(5000);

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
