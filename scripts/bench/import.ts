// The bench's import case, `BENCH_ONLY=import npm run bench` (issue 28, item 2;
// docs/decisions/054-streamed-imports.md): the production server on the embedded database (or
// DATABASE_URL's PostgreSQL) with the demo data, a moderator uploading a 60,000-row 社員クチコミ
// CSV through /admin/employee_reviews, and, while the import runs, visitors opening company pages
// on a few connections. It reports the server's resident memory before and at its peak during the
// import (VmRSS of /proc/PID/status, sampled every 100 ms), the pages' latencies during the import
// next to the same pages measured before it, how long the import took and how large its report
// page was. The import is over when the upload's answer comes (the import of old, which ran in
// the request) or when the import's page says it is no longer running (the page carries
// data-import-status); a server that dies on the way is reported with its last words.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { PRODUCTION_ENV, type StartedServer, startServerProcess } from '../../tests/support/server-process';
import { createBenchDatabase } from './database';
import { type Measurement, ms, percentile } from './stats';

export const PORT = Number(process.env.BENCH_PORT ?? 3300);
export const BASE = `http://127.0.0.1:${PORT}`;
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 60_000);
/** Every n-th row is a complete review; the others are short rows the import refuses (one cell too few). */
const VALID_EVERY = Number(process.env.BENCH_IMPORT_VALID_EVERY ?? 3);
const CONNECTIONS = Number(process.env.BENCH_IMPORT_CONNECTIONS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** The demo data's companies (app/features/demo): the pages are opened at random among them. */
const DEMO_COMPANIES = 320;
const DEMO_MODERATOR = { email: 'admin@shulog.example', password: 'shulog-demo-2026' };
/** The issue's goals. */
const GOALS = { rssGrowthMb: 100, pageP99Ms: 500 };
const RUNNING = new Set(['queued', 'checking', 'importing']);

export function log(message: string) {
  process.stderr.write(`[bench import] ${message}\n`);
}

/**
 * The server's resident memory now, then its peak while it is watched (every 100 ms) until `stop`:
 * before and during an import, with the growth between them.
 */
export function watchMemory(pid: number) {
  const beforeMb = memoryMb(pid, 'VmRSS') ?? Number.NaN;
  let peakDuringMb = beforeMb;
  const sampler = setInterval(() => {
    const now = memoryMb(pid, 'VmRSS');
    if (now !== null) peakDuringMb = Math.max(peakDuringMb, now);
  }, 100);
  return {
    beforeMb,
    stop() {
      clearInterval(sampler);
      return { beforeMb, peakDuringMb, growthMb: Math.round((peakDuringMb - beforeMb) * 10) / 10 };
    },
  };
}

/** A case measured on PostgreSQL only: DATABASE_URL required, the build, and a database of the case's own. */
export function postgresCaseDatabase(caseName: string, measures: string) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error(`BENCH_ONLY=${caseName} measures ${measures} on PostgreSQL: set DATABASE_URL`);
  buildForBench('PostgreSQL');
  return createBenchDatabase(serverUrl, `shulog_bench_${caseName}_${process.pid}`);
}

/** When, and at which commit, a case ran: the first fields of every case's result. */
export type CaseStamp = { date: string; commit: string };

export function caseStamp(): CaseStamp {
  return { date: new Date().toISOString(), commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() };
}

/**
 * A case's result written to bench-results/<name>-<date>.json, its lines of text beside it (.md)
 * and on stdout.
 */
export function writeCaseResult(name: string, date: string, result: unknown, lines: string[]): void {
  mkdirSync('bench-results', { recursive: true });
  const stem = `bench-results/${name}-${date.replace(/[:.]/g, '-')}`;
  writeFileSync(`${stem}.json`, JSON.stringify(result, null, 2));
  writeFileSync(`${stem}.md`, `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  process.stderr.write(`[bench] written ${stem}.json and ${stem}.md\n`);
}

/** `npm run build` before a case, unless BENCH_SKIP_BUILD=1 says to use the build there is. */
export function buildForBench(what: string) {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    log(`using the build there is (${what})`);
    return;
  }
  log(`building (${what})`);
  if (spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0)
    throw new Error('build failed');
}

const random = (n: number) => 1 + Math.floor(Math.random() * n);

/** The upload: a header, then ROWS rows, every VALID_EVERY-th a whole review of a demo company. */
export function benchCsv(rows: number, validEvery: number, companies: number): Buffer {
  const lines = ['source_id,company_id,title,department,employment,tenure_years,rating,culture,growth,pay,published_at'];
  for (let i = 1; i <= rows; i++) {
    const companyId = 1 + (i % companies);
    lines.push(
      i % validEvery === 0
        ? `bench-${i},${companyId},Bench review ${i},Sales,現職,${i % 10},${1 + (i % 5)},Team leads share decisions openly.,Juniors run client projects early.,Pay is average with two bonuses.,`
        : `bench-${i},${companyId},Short row`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The server's resident memory in MB (VmRSS, or VmHWM: its peak), or null once it is gone. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * The server started once to seed the demo and stopped: the measured import then runs on a second
 * start, as a site runs day to day (the seed's memory is not the import's).
 */
export async function seedDemoThenStop(serverEnv: Record<string, string>): Promise<void> {
  log('seeding the demo data');
  const seeding = startServerProcess(serverEnv);
  try {
    await waitHealthy(seeding);
  } finally {
    seeding.child.kill('SIGTERM');
    await seeding.exit;
  }
}

export async function waitHealthy(server: StartedServer) {
  for (let i = 0; i < 1200; i++) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output().slice(-2000)}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // Not up yet (seeding the demo takes a while).
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

/** name=value of each Set-Cookie header. */
function cookiesOf(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
}

export type Login = { cookie: string; csrfToken: string };

/** Logs the demo's moderator in as a browser would: the login page's session and token, then the form. */
export async function logInModerator(): Promise<Login> {
  const page = await fetch(`${BASE}/login`);
  const visitor = cookiesOf(page);
  const form = new URLSearchParams({ email: DEMO_MODERATOR.email, password: DEMO_MODERATOR.password });
  const answer = await fetch(`${BASE}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...visitor].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': visitor.get('XSRF-TOKEN') ?? '',
    },
    body: form,
  });
  const session = cookiesOf(answer);
  const sessionId = session.get('shulog_session');
  const csrfToken = session.get('XSRF-TOKEN');
  if (answer.status >= 400 || !sessionId || !csrfToken) throw new Error(`the moderator's login failed: ${answer.status}`);
  return { cookie: `shulog_session=${sessionId}; XSRF-TOKEN=${csrfToken}`, csrfToken };
}

const companyPage = () => `/companies/${random(DEMO_COMPANIES)}?v=${random(1e9)}`;

/** Company pages on CONNECTIONS connections until stop() (or `seconds`); their latencies and failures. */
export function loadPages(seconds: number, path: () => string = companyPage, base = BASE, connections = CONNECTIONS) {
  const times: number[] = [];
  let failed = 0;
  const started = Date.now();
  const instance = autocannon(
    {
      url: base,
      connections,
      duration: seconds,
      timeout: 60,
      requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
    },
    () => {},
  );
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status >= 400) failed++;
    times.push(responseTime);
  });
  const done = new Promise<autocannon.Result>((resolve) => instance.on('done', resolve));
  return {
    async stop(name: string): Promise<Measurement> {
      instance.stop();
      const result = await done;
      const elapsed = (Date.now() - started) / 1000;
      times.sort((a, b) => a - b);
      return {
        name,
        requestsPerSecond: Math.round(times.length / elapsed),
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        max: times.at(-1) ?? Number.NaN,
        errors: failed + result.errors + result.timeouts,
      };
    },
    done,
  };
}

export async function measurePages(name: string, seconds: number): Promise<Measurement> {
  const load = loadPages(seconds);
  await load.done;
  const measurement = await load.stop(name);
  log(`${name}: ${measurement.requestsPerSecond} req/s, p99 ${ms(measurement.p99)} ms, errors ${measurement.errors}`);
  return measurement;
}

type Outcome = {
  /** finished: the import's report came; died: the server exited on the way; failed: an error answer. */
  result: 'finished' | 'died' | 'failed';
  status: string;
  seconds: number;
  reportPageBytes: number | null;
  serverExit: string | null;
  lastWords: string | null;
};

/** data-import-status of the import's page, or null on a page without it. */
const importStatus = (html: string) => /data-import-status="([a-z_]+)"/.exec(html)?.[1] ?? null;

/** Uploads the file and waits until the import is over, or the server is gone. */
async function runImport(server: StartedServer, login: Login, file: Buffer): Promise<Outcome> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const exited = server.exit.then((code) => code);
  const died = async (): Promise<Outcome> => {
    const code = await exited;
    const output = server.output().trim().split('\n');
    const words = output.find((line) => /out of memory|FATAL|Error/i.test(line)) ?? output.at(-1) ?? '';
    return {
      result: 'died',
      status: 'server exited',
      seconds: seconds(),
      reportPageBytes: null,
      serverExit: String(code),
      lastWords: words,
    };
  };
  const form = new FormData();
  form.set('csv', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'bench-reviews.csv');
  form.set('skipInvalid', 'on');
  const headers = { cookie: login.cookie, 'x-csrf-token': login.csrfToken };
  let answer: Response;
  try {
    answer = await fetch(`${BASE}/admin/employee_reviews`, { method: 'POST', body: form, headers, redirect: 'manual' });
  } catch {
    return died();
  }
  const location = answer.headers.get('location');
  if (answer.status < 300 || answer.status >= 400 || !location) {
    // The import of old: it ran in the request, and this is its report.
    const body = Buffer.from(await answer.arrayBuffer());
    const result = answer.status < 500 ? 'finished' : 'failed';
    return { result, status: `HTTP ${answer.status}`, seconds: seconds(), reportPageBytes: body.length, serverExit: null, lastWords: null };
  }
  // A job: its page until it stops running.
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return died();
    let html: string;
    try {
      html = await (await fetch(new URL(location, BASE), { headers: { cookie: login.cookie } })).text();
    } catch {
      return died();
    }
    const status = importStatus(html);
    if (status === null)
      return {
        result: 'failed',
        status: 'no import on the page',
        seconds: seconds(),
        reportPageBytes: null,
        serverExit: null,
        lastWords: null,
      };
    if (!RUNNING.has(status)) {
      const bytes = Buffer.byteLength(html);
      return { result: 'finished', status, seconds: seconds(), reportPageBytes: bytes, serverExit: null, lastWords: null };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export type ImportCase = CaseStamp & {
  engine: 'PGlite' | 'PostgreSQL';
  file: { rows: number; validRows: number; bytes: number };
  connections: number;
  outcome: Outcome;
  memory: { beforeMb: number; peakDuringMb: number; growthMb: number; vmHwmMb: number | null };
  pagesBefore: Measurement;
  pagesDuring: Measurement;
  goals: typeof GOALS;
  passed: { finished: boolean; memory: boolean; pages: boolean };
};

export function importCaseLines(result: ImportCase): string[] {
  const { outcome, memory, pagesBefore, pagesDuring, file } = result;
  const row = (m: Measurement) => `| ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} |`;
  return [
    `# Benchmark, import case (${result.engine}, demo data, commit ${result.commit})`,
    '',
    `A moderator uploads ${file.rows.toLocaleString('en')} rows (${file.validRows.toLocaleString('en')} whole reviews, the rest refused; ${(file.bytes / 1024).toFixed(0)} KB) to /admin/employee_reviews with 「不備のある行を飛ばして取り込む」, while company pages are opened on ${result.connections} connections.`,
    '',
    `- import: ${outcome.result} (${outcome.status}) after ${outcome.seconds} s; report page ${outcome.reportPageBytes === null ? 'n/a' : `${(outcome.reportPageBytes / 1024).toFixed(1)} KB`}${outcome.serverExit === null ? '' : `; server exit code ${outcome.serverExit}: ${outcome.lastWords}`}`,
    `- server resident memory: ${memory.beforeMb} MB before, ${memory.peakDuringMb} MB at the peak during the import: +${memory.growthMb} MB (goal < ${result.goals.rssGrowthMb} MB); VmHWM ${memory.vmHwmMb ?? 'n/a'} MB`,
    `- company pages' p99 during the import: ${ms(pagesDuring.p99)} ms (goal ≤ ${result.goals.pageP99Ms} ms; before it: ${ms(pagesBefore.p99)} ms)`,
    `- goals met: finished ${result.passed.finished ? 'yes' : 'no'}, memory ${result.passed.memory ? 'yes' : 'no'}, pages ${result.passed.pages ? 'yes' : 'no'}`,
    '',
    '| company pages, random demo company, uncached | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row(pagesBefore),
    row(pagesDuring),
  ];
}

async function prepareDatabase(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await createBenchDatabase(serverUrl, `shulog_bench_import_${process.pid}`);
    const dataDir = join(tmpdir(), `shulog-bench-import-${process.pid}`);
    return {
      env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
      async cleanup() {
        rmSync(dataDir, { recursive: true, force: true });
        await database.drop();
      },
    };
  }
  const dataDir = join(tmpdir(), `shulog-bench-import-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  return { env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

export async function runImportBench() {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  buildForBench(engine);
  const file = benchCsv(ROWS, VALID_EVERY, DEMO_COMPANIES);
  const { env, cleanup } = await prepareDatabase();
  // A demo site in production (docs/decisions/049-production-start.md): the demo's moderator logs in.
  const serverEnv = { ...PRODUCTION_ENV, PUBLIC_ORIGIN: BASE, PORT: String(PORT), DEMO_DATA: '1', LOG_LEVEL: 'warn', ...env };
  await seedDemoThenStop(serverEnv);
  const server = startServerProcess(serverEnv);
  let result: ImportCase;
  try {
    log('starting the server');
    await waitHealthy(server);
    const login = await logInModerator();
    await measurePages('warm-up', 3);
    const pagesBefore = await measurePages('before the import', SECONDS);
    const pid = server.child.pid!;
    const memory = watchMemory(pid);
    log(`uploading ${ROWS} rows (${(file.length / 1024).toFixed(0)} KB); resident memory now ${memory.beforeMb} MB`);
    const load = loadPages(3600);
    const outcome = await runImport(server, login, file);
    const { beforeMb, peakDuringMb, growthMb } = memory.stop();
    const pagesDuring = await load.stop('during the import');
    const vmHwmMb = memoryMb(pid, 'VmHWM');
    log(
      `import ${outcome.result} (${outcome.status}) in ${outcome.seconds} s; peak ${peakDuringMb} MB; pages p99 ${ms(pagesDuring.p99)} ms`,
    );
    result = {
      engine,
      ...caseStamp(),
      file: { rows: ROWS, validRows: Math.floor(ROWS / VALID_EVERY), bytes: file.length },
      connections: CONNECTIONS,
      outcome,
      memory: { beforeMb, peakDuringMb, growthMb, vmHwmMb },
      pagesBefore,
      pagesDuring,
      goals: GOALS,
      passed: {
        finished: outcome.result === 'finished',
        memory: outcome.result === 'finished' && growthMb < GOALS.rssGrowthMb,
        pages: outcome.result === 'finished' && pagesDuring.p99 <= GOALS.pageP99Ms,
      },
    };
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    await cleanup();
  }
  const lines = importCaseLines(result);
  writeCaseResult(`import-${engine.toLowerCase()}`, result.date, result, lines);
}
