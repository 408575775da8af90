// The fuzz of a running server and what it expects of every answer and log line, for the browser
// tests' servers of their own (tests/e2e/robustness.spec.ts, route-fuzz.spec.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type Account, type FuzzCase, runFuzz, summarize } from './route-fuzz';
import { type StartedServer, startServerProcess, waitForHealth } from './server-process';

const PASSWORD = 'shulog-demo-2026';
/** student40 has companies on the selection tracker, so the board's event forms are found too. */
export const FUZZ_STUDENT: Account = { email: 'student40@shulog.example', password: PASSWORD };
export const FUZZ_MODERATOR: Account = { email: 'admin@shulog.example', password: PASSWORD };

/**
 * An answer slower than this is a hang. The fuzz runs beside the other browser tests on two
 * cores, where an ordinary page can take two seconds; an input that makes the server spin takes
 * far longer. How fast pages are is the benchmark's to measure (npm run bench), not a test's.
 */
const HANG_MS = 10_000;

/** The server's stdout lines written since `from` characters, parsed. */
export function logLines(server: StartedServer, from = 0): Array<Record<string, unknown>> {
  return server
    .stdout()
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return { unparsable: line };
      }
    });
}

/**
 * Sends every case and expects: no answer ≥ 500 or none at all, no hang, nothing English or
 * internal; every route of the cases answered; and one JSON request line each in the log, nothing
 * on stderr, no error lines. Prints the requests and the slowest answer by route.
 */
export async function fuzzAndCheck(options: { server: StartedServer; baseUrl: string; cases: FuzzCase[]; minimum: number }) {
  const logStart = options.server.stdout().length;
  const results = await runFuzz({ baseUrl: options.baseUrl, cases: options.cases, student: FUZZ_STUDENT, moderator: FUZZ_MODERATOR });
  const rows = summarize(results);
  console.log(`fuzz: ${results.length} requests over ${rows.length} routes`);
  for (const row of rows)
    console.log(
      `  ${row.route}: ${row.requests} requests, ${row.errors} ≥ 500, ${row.leaks} English or internal, slowest ${Math.round(row.maxMs)} ms`,
    );
  const failures = results.filter((result) => result.status >= 500 || result.status === 0 || result.ms > HANG_MS || result.leak);
  expect(failures.slice(0, 20)).toEqual([]);
  // Every route of the cases was covered, also the ones added after this test was written.
  expect(rows.length).toBe(new Set(options.cases.map((fuzzCase) => fuzzCase.route)).size);
  expect(results.length).toBeGreaterThan(options.minimum);

  // Junk costs one JSON request line each: nothing on stderr, no stack traces, no errors. A line is
  // written when its answer has gone: wait until every request's is there.
  const requestLines = () => logLines(options.server, logStart).filter((line) => line.msg === 'request').length;
  await expect.poll(requestLines).toBeGreaterThanOrEqual(results.length);
  expect(options.server.stderr()).toBe('');
  const lines = logLines(options.server, logStart);
  expect(lines.filter((line) => 'unparsable' in line)).toEqual([]);
  expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
}

/**
 * A production server of the calling file's own on `port`, on a new data directory (which it
 * migrates and seeds with the demo, as DEMO_DATA allows), started before the file's tests and
 * stopped after them.
 */
export function ownServer(port: number, env: Record<string, string> = {}): { readonly server: StartedServer } {
  const held: { server?: StartedServer; dataDir?: string } = {};
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    held.dataDir = mkdtempSync(join(tmpdir(), 'shulog-own-server-'));
    held.server = startServerProcess({ PORT: String(port), DATA_DIR: held.dataDir, ...env });
    await waitForHealth(port, held.server);
  });
  test.afterAll(async () => {
    if (held.server?.child.exitCode === null) {
      held.server.child.kill('SIGTERM');
      await held.server.exit;
    }
    if (held.dataDir) rmSync(held.dataDir, { recursive: true, force: true });
  });
  return {
    get server() {
      if (!held.server) throw new Error('the server starts in beforeAll');
      return held.server;
    },
  };
}
