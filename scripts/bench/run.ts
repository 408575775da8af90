// npm run bench: builds the site, grows a large data set in stages (1,000 → 10,000 → 100,000
// companies), starts the production server on it and measures with autocannon, for visitors and
// for logged-in students (a shared page's view includes its personal call). Runs on
// PostgreSQL when DATABASE_URL is set, otherwise on PGlite. Results: bench-results/*.json, *.md.
// A shorter run: BENCH_STAGES=1000 (the stages, in companies), BENCH_ONLY=drafts (only the draft
// case), BENCH_ONLY=cards (only the share-card flood, scripts/bench/cards.ts), BENCH_ONLY=import
// (only the import case, on the demo data, scripts/bench/import.ts), BENCH_ONLY=company-import (only
// the 法人番号 import, scripts/bench/company-import.ts), BENCH_ONLY=backup (only db:backup from a running
// server, scripts/bench/backup.ts), BENCH_ONLY=servers (one and two servers on PostgreSQL behind a
// proxy, and each memory's lag: scripts/bench/servers.ts), BENCH_ONLY=digest (the daily digest of
// 100,000 students while pages load: scripts/bench/digest.ts), BENCH_ONLY=reading (only the
// ES search by question and the filtered lists), BENCH_ONLY=students (only the
// logged-in students' pages, with the node:http baseline), BENCH_DRAFTS=0 (everything
// but the draft case), BENCH_SKIP_BUILD=1 (the build/ there is).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { createBenchDatabase } from './database';
import { runCardCase } from './cards';
import { type DraftCase, DRAFT_STUDENTS, draftCaseLines, runDraftCase } from './drafts';
import { runBackupBench } from './backup';
import { runCompanyImportBench } from './company-import';
import { runServersBench } from './servers';
import { runDigestBench } from './digest';
import { buildForBench, runImportBench, writeCaseResult } from './import';
import { type BenchTarget, createStudentSessions, growTo, type PostRange, type Stage, type StudentSession } from './generate';
import { type Measurement, ms, percentile } from './stats';
import { PERSONAL_PATH } from '../../app/lib/personal-parts';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';
import { POST_TYPES } from '../../app/features/posts/post-types';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const serverUrl = process.env.DATABASE_URL;
const engine = serverUrl ? 'PostgreSQL' : 'PGlite';
// PGlite is one process and one connection: it gets the smaller post set the issue allows.
const POSTS_PER_COMPANY = serverUrl ? 10 : 2;
const STAGES: Stage[] = (process.env.BENCH_STAGES ? process.env.BENCH_STAGES.split(',').map(Number) : [1_000, 10_000, 100_000])
  .sort((a, b) => a - b)
  .map((companies) => ({ companies, postsPerCompany: POSTS_PER_COMPANY }));
if (STAGES.some((stage) => !Number.isInteger(stage.companies) || stage.companies < 50))
  throw new Error('BENCH_STAGES: company counts ≥ 50');
/** BENCH_ONLY=drafts: the draft case and nothing else. */
const ONLY_DRAFTS = process.env.BENCH_ONLY === 'drafts';
/** BENCH_ONLY=import: the import case (scripts/bench/import.ts) and nothing else. */
const ONLY_IMPORT = process.env.BENCH_ONLY === 'import';
/** BENCH_ONLY=company-import: the 法人番号 import case (scripts/bench/company-import.ts) and nothing else. */
const ONLY_COMPANY_IMPORT = process.env.BENCH_ONLY === 'company-import';
/** BENCH_ONLY=backup: the backup case (scripts/bench/backup.ts) and nothing else. */
const ONLY_BACKUP = process.env.BENCH_ONLY === 'backup';
/** BENCH_ONLY=servers: one and two servers behind a proxy, and each memory's lag (scripts/bench/servers.ts). */
const ONLY_SERVERS = process.env.BENCH_ONLY === 'servers';
/** BENCH_ONLY=digest: the daily digest of 100,000 students while pages load (scripts/bench/digest.ts). */
const ONLY_DIGEST = process.env.BENCH_ONLY === 'digest';
/** BENCH_ONLY=cards: the share-card flood and nothing else. */
const ONLY_CARDS = process.env.BENCH_ONLY === 'cards';
/** BENCH_ONLY=students: the logged-in students' pages and nothing else, beside the baseline. */
const ONLY_STUDENTS = process.env.BENCH_ONLY === 'students';
/** BENCH_ONLY=reading: the ES search by question and the filtered lists, and nothing else. */
const ONLY_READING = process.env.BENCH_ONLY === 'reading';
if (
  process.env.BENCH_ONLY &&
  !ONLY_DRAFTS &&
  !ONLY_IMPORT &&
  !ONLY_COMPANY_IMPORT &&
  !ONLY_BACKUP &&
  !ONLY_SERVERS &&
  !ONLY_DIGEST &&
  !ONLY_CARDS &&
  !ONLY_STUDENTS &&
  !ONLY_READING
)
  throw new Error(
    'BENCH_ONLY: only "drafts", "import", "company-import", "backup", "servers", "digest", "cards", "students" and "reading" are known',
  );
const DRAFTS = ONLY_DRAFTS || process.env.BENCH_DRAFTS !== '0';

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

function run(
  url: string,
  paths: () => string,
  headers: Record<string, string>,
  seconds: number,
  onResponse: (status: number, responseTime: number) => void,
  connections = CONNECTIONS,
): Promise<autocannon.Result> {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => onResponse(status, responseTime));
  });
}

/** A run's figures (each request, or each view of `perUnit` requests), logged on one line. */
function summed(
  name: string,
  unit: 'req/s' | 'views/s',
  times: number[],
  errors: number,
  result: autocannon.Result,
  perUnit: number,
): Measurement {
  times.sort((a, b) => a - b);
  const measurement = {
    name,
    requestsPerSecond: Math.round(result.requests.average / perUnit),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: errors + result.errors + result.timeouts,
  };
  log(
    `${name}: ${measurement.requestsPerSecond} ${unit}, p50 ${ms(measurement.p50)} ms, p95 ${ms(measurement.p95)} ms, p99 ${ms(measurement.p99)} ms, errors ${measurement.errors}`,
  );
  return measurement;
}

async function measure(
  name: string,
  url: string,
  paths: () => string,
  headers: Record<string, string> = {},
  seconds = SECONDS,
  connections = CONNECTIONS,
): Promise<Measurement> {
  // A second of the same requests first: steady state is measured, not the first compile.
  await run(url, paths, headers, 1, () => {}, connections);
  const times: number[] = [];
  let errors = 0;
  const result = await run(
    url,
    paths,
    headers,
    seconds,
    (status, responseTime) => {
      if (status >= 400) errors++;
      times.push(responseTime);
    },
    connections,
  );
  return summed(name, 'req/s', times, errors, result, 1);
}

type ViewRequest = (request: autocannon.Request, context: Record<string, unknown>) => autocannon.Request;

/**
 * A student's page views, each one or more requests made one after the other on a connection
 * (the page, then the personal call that its head script makes). A view's time is the sum of its
 * requests' times, and views per second count the view once: the personal call is part of the
 * page's cost (issue 15).
 */
async function measureViews(name: string, steps: ViewRequest[], seconds = SECONDS): Promise<Measurement> {
  const once = (duration: number, onView: (status: number, time: number) => void) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: BASE,
          connections: CONNECTIONS,
          duration,
          requests: steps.map((step) => ({ setupRequest: step as never })),
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      // Each connection goes through the steps in order: sum them per connection.
      const partial = new Map<unknown, { time: number; status: number; step: number }>();
      instance.on('response', (client, status, _bytes, responseTime) => {
        const view = partial.get(client) ?? { time: 0, status: 0, step: 0 };
        view.time += responseTime;
        view.status = Math.max(view.status, status);
        view.step++;
        if (view.step === steps.length) {
          partial.delete(client);
          onView(view.status, view.time);
        } else partial.set(client, view);
      });
    });
  await once(1, () => {});
  const times: number[] = [];
  let errors = 0;
  const result = await once(seconds, (status, time) => {
    if (status >= 400) errors++;
    times.push(time);
  });
  return summed(name, 'views/s', times, errors, result, steps.length);
}

/** The cookies a logged-in browser sends: the session and the script-readable XSRF token. */
const cookieOf = (session: StudentSession) => `shulog_session=${session.sessionId}; XSRF-TOKEN=${session.csrfToken}`;

/** A page opened by one of the logged-in students, chosen at random for each view. */
function studentPage(sessions: StudentSession[], path: () => string): ViewRequest {
  return (request, context) => {
    const session = pick(sessions);
    const page = path();
    context.session = session;
    context.page = page;
    return { ...request, path: page, headers: { ...request.headers, cookie: cookieOf(session) } };
  };
}

/** The personal call that a shared page's head script makes, with the page's path (app/lib/personal-parts.ts). */
const personalCall: ViewRequest = (request, context) => ({
  ...request,
  path: `${PERSONAL_PATH}?page=${encodeURIComponent(String(context.page).split('?')[0]!)}`,
  headers: { ...request.headers, cookie: cookieOf(context.session as StudentSession) },
});

/**
 * A random internship experience of the bench's data: each stage's posts come in rounds of eight
 * types, the third of each round an internship experience, the one type the generator writes
 * detail rows for (scripts/bench/generate.ts insertPosts); the draft case's drafts lie between
 * the stages' ranges.
 */
function internExperiencePath(ranges: PostRange[]): string {
  const rounds = ranges.map((range) => Math.floor(range.total / 8));
  let pick = random(rounds.reduce((sum, n) => sum + n, 0)) - 1;
  for (const [index, range] of ranges.entries()) {
    if (pick < rounds[index]!) return `/${POST_TYPES.intern_experience.slug}/${range.firstId + 8 * pick + 2}`;
    pick -= rounds[index]!;
  }
  throw new Error('no internship experience in the bench data');
}

/** One measurement after the other (they share the server). */
async function measureEach<T>(items: T[], measureOne: (item: T) => Promise<Measurement>): Promise<Measurement[]> {
  const measurements: Measurement[] = [];
  for (const item of items) measurements.push(await measureOne(item));
  return measurements;
}

/** The students' cases of one stage (issue 15): views per second, and the view's time with its personal call. */
async function measureStudents(n: number, ranges: PostRange[], sessions: StudentSession[], seconds: number): Promise<Measurement[]> {
  const internExperiences = ranges.reduce((sum, range) => sum + Math.floor(range.total / 8), 0);
  return [
    await measureViews(
      `company page, student (shared page + personal call), random of 50`,
      [studentPage(sessions, () => `/companies/${random(50)}`), personalCall],
      seconds,
    ),
    await measureViews(
      `company page, student (shared page + personal call), random company (${n}), uncached`,
      [studentPage(sessions, () => `/companies/${random(n)}?v=${random(1e9)}`), personalCall],
      seconds,
    ),
    await measureViews(
      `post page, student (members' shared page + personal call), random internship experience (${internExperiences})`,
      [studentPage(sessions, () => internExperiencePath(ranges)), personalCall],
      seconds,
    ),
    // The pages a student opens often (issue 30), each student with the data of STUDENT_DATA: the
    // top page is shared, its personal call brings the student's recommendations (decision 069);
    // the others are rendered for the session and kept for it a few seconds (decision 072).
    await measureViews(
      'top page, student (shared page + personal call with recommendations)',
      [studentPage(sessions, () => '/'), personalCall],
      seconds,
    ),
    ...(await measureEach(
      ['/mypage', '/mypage/posts', '/mypage/selections', '/mypage/clips', '/mypage/points', '/mypage/favorite_companies', '/badges'],
      (path) => measureViews(`${path}, student (rendered for the session)`, [studentPage(sessions, () => path)], seconds),
    )),
    // What a view costs when it is not kept (decision 072): a query the page ignores makes every view a render.
    await measureViews(
      '/mypage, student, rendered every time (random query, never kept)',
      [studentPage(sessions, () => `/mypage?v=${random(1e9)}`)],
      seconds,
    ),
  ];
}

/** The server process's resident memory now and at its peak (Linux /proc), in MB. */
function residentMemory(child: ChildProcess): { rssMb: number; peakRssMb: number } | null {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakRssMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

async function portIsTaken(): Promise<boolean> {
  try {
    await fetch(`${BASE}/healthz`);
    return true;
  } catch {
    return false;
  }
}

function startServer(target: BenchTarget): ChildProcess {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    // Required in production since the origin stopped coming from requests.
    PUBLIC_ORIGIN: BASE,
    // Required in production (docs/decisions/049-production-start.md); the bench sends no email.
    CONTACT_EMAIL: 'support@bench.example',
    MAIL_FROM: 'シューログ <no-reply@bench.example>',
    // The bench writes data of its own (generate.ts) and logs its own students in: no demo data,
    // so no DEMO_DATA. A case that needs the demo's accounts must set DEMO_DATA=1 here.
    DEMO_DATA: '',
    LOG_LEVEL: 'warn',
  };
  if (target.kind === 'postgres') env.DATABASE_URL = target.url;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = target.dataDir;
  }
  // Its log (warnings and errors only) goes to the bench's stderr, away from the Markdown on stdout.
  // As `npm run serve` starts it, with the same Node flags (server/node-flags.ts).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/start.js'], { env, stdio: ['ignore', 2, 'inherit'] });
  child.once('exit', (code, signal) => {
    if (!stopping.has(child)) log(`the server exited on its own: code ${code}, signal ${signal}`);
  });
  return child;
}

const stopping = new WeakSet<ChildProcess>();
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function waitHealthy(child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess) {
  stopping.add(child);
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const random = (n: number) => 1 + Math.floor(Math.random() * n);
// Queries as students type them: readings in hiragana, kanji, half-width letters.
const QUERIES: Record<number, string[]> = {
  1: ['あ', 'し', 'み', '青', 'テ', 'a', '株', 'ネ'],
  2: ['あお', 'しす', 'ミラ', '青葉', 'テク', 'ab', '東都', 'ネク'],
  3: ['あおば', 'しすて', 'ミライ', '青葉情', 'テクノ', 'abc', '東都総', 'ねくす'],
  5: ['あおばしす', 'しすてむず', 'ミライデジ', '青葉情報シ', 'テクノロジ', 'nexts', '東都総合商', 'ねくすとら'],
};
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

/** What students type to find ES questions (issue 16): 2 to 10 characters, kana and kanji. */
const ES_QUERIES = [
  'ガクチカ',
  'がくちか',
  '志望動機',
  '自己PR',
  '挫折経験',
  '強み',
  '短所',
  '学生時代',
  'チームで',
  '入社後',
  'リーダー',
  '困難を乗り越えた',
  '学びたいこと',
  '当社を志望する理由',
  'アルバイト',
  '研究内容',
];

/**
 * The reading tools of issue 16, per stage: the ES search by question (the page, 2–10 character
 * queries) and filtered, sorted lists at any page, each alone on the server (1 connection: what
 * one student waits) and under the bench's load. The parameter r makes every request miss the
 * page cache; the lists kept by their parsed query (decision 073) still serve the 16 queries
 * students type most, as they would on the site, while the lists' thousands of filter
 * combinations mostly miss them.
 */
async function measureReadingTools(seconds: number, companies: number): Promise<Measurement[]> {
  const search = () => `/entry_sheets?q=${encodeURIComponent(pick(ES_QUERIES))}&r=${random(1e9)}`;
  // 選考対策 (issue 34): a random company's page, and the questions asked across companies.
  const insight = () => `/companies/${random(companies)}/selection?r=${random(1e9)}`;
  const interviewQuestions = () => `/interview_questions?q=${encodeURIComponent(pick(ES_QUERIES))}&r=${random(1e9)}`;
  const list = () =>
    pick([
      () =>
        `/intern_experiences?industry=${random(20)}&year=${2022 + random(3)}${pick(['', '&season=summer', '&season=winter'])}&sort=${pick(['new', 'useful'])}&page=${random(50)}&r=${random(1e9)}`,
      () =>
        `/entry_sheets?selection=${pick(['intern', 'recruit'])}&industry=${random(20)}&result=${pick(['passed', 'failed', 'unknown'])}&sort=${pick(['new', 'useful'])}&page=${random(50)}&r=${random(1e9)}`,
      () => `/intern_experiences?sort=${pick(['new', 'useful'])}&page=${random(50)}&r=${random(1e9)}`,
    ])();
  return [
    await measure('ES search by question (2–10 chars), 1 connection', BASE, search, {}, seconds, 1),
    await measure(`ES search by question (2–10 chars), ${CONNECTIONS} connections`, BASE, search, {}, seconds),
    await measure('filtered, sorted list at any page, 1 connection', BASE, list, {}, seconds, 1),
    await measure(`filtered, sorted list at any page, ${CONNECTIONS} connections`, BASE, list, {}, seconds),
    await measure(`${SELECTION_PAGE}, 1 connection`, BASE, insight, {}, seconds, 1),
    await measure(`${SELECTION_PAGE}, ${CONNECTIONS} connections`, BASE, insight, {}, seconds),
    await measure(`${QUESTION_SEARCH}, 1 connection`, BASE, interviewQuestions, {}, seconds, 1),
    await measure(`${QUESTION_SEARCH}, ${CONNECTIONS} connections`, BASE, interviewQuestions, {}, seconds),
  ];
}

const SELECTION_PAGE = '選考対策 page, random company, uncached';
const QUESTION_SEARCH = 'interview question search (2–10 chars), uncached';
/** Issue 34's goals at the largest stage, one connection: p95 in ms. */
const SELECTION_GOALS = { [SELECTION_PAGE]: 50, [QUESTION_SEARCH]: 30 } as const;

/** Issue 34's goals checked against the largest stage's figures. */
function selectionGoalLines(results: Measurement[]): string[] {
  return Object.entries(SELECTION_GOALS).map(([name, goal]) => {
    const m = results.find((item) => item.name === `${name}, 1 connection`);
    if (!m) return `- ${name}: not measured`;
    return `- ${name}, 1 connection: p95 ${ms(m.p95)} ms (goal ≤ ${goal} ms): ${m.p95 <= goal ? 'met' : 'NOT met'}`;
  });
}

/**
 * What a page loads before it is interactive: the gzipped size of its JavaScript (module scripts
 * and preloads) and how many script and style sheet files that takes (each is a request before
 * the first paint, which Lighthouse's simulated slow network counts).
 */
async function pageAssets(path: string): Promise<{ gzippedJs: number; scripts: number; styleSheets: number }> {
  const html = await (await fetch(BASE + path)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  const styleSheets = new Set([...html.matchAll(/href="(\/assets\/[^"#]+\.css)#?"/g)].map((m) => m[1]!));
  let gzippedJs = 0;
  for (const url of urls) gzippedJs += gzipSync(Buffer.from(await (await fetch(BASE + url)).arrayBuffer()), { level: 9 }).length;
  return { gzippedJs, scripts: urls.size, styleSheets: styleSheets.size };
}

async function lighthouseScore(path: string): Promise<number | null> {
  try {
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      // A run that could not load the page scores null, not 0: say why, and try once more.
      for (let attempt = 1; attempt <= 2; attempt++) {
        const result = await lighthouse(BASE + path, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        });
        const score = result?.lhr.categories.performance?.score;
        if (typeof score === 'number') return Math.round(score * 100);
        log(`lighthouse gave no score for ${path}: ${result?.lhr.runtimeError?.message ?? 'no runtime error reported'}`);
      }
      return null;
    } finally {
      await chrome.kill();
    }
  } catch (error) {
    log(`lighthouse failed: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

/** The baseline server in a child process, measured like the site. */
async function measureBaseline(html: Buffer): Promise<Measurement> {
  const file = join(tmpdir(), `shulog-bench-baseline-${process.pid}.html`);
  writeFileSync(file, html);
  const child = spawn(process.execPath, ['scripts/bench/baseline-server.mjs', file, String(PORT + 1)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.once('data', () => resolve());
      child.once('exit', () => reject(new Error('the baseline server exited')));
    });
    return await measure('baseline: node:http, same HTML from memory', `http://127.0.0.1:${PORT + 1}`, () => '/companies/1');
  } finally {
    await stopServer(child);
    rmSync(file, { force: true });
  }
}

async function prepareTarget(): Promise<{ target: BenchTarget; cleanup: () => Promise<void> }> {
  if (serverUrl) {
    const database = await createBenchDatabase(serverUrl, `shulog_bench_${process.pid}`);
    return { target: { kind: 'postgres', url: database.url }, cleanup: database.drop };
  }
  const dataDir = join(tmpdir(), `shulog-bench-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  return { target: { kind: 'pglite', dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function main() {
  if (await portIsTaken()) throw new Error(`something already answers on ${BASE}: stop it or set BENCH_PORT`);
  buildForBench(engine);

  const { target, cleanup } = await prepareTarget();
  if (ONLY_CARDS) {
    const server = { base: BASE, engine, target, start: startServer, waitHealthy, stop: stopServer, residentMemory };
    await runCardCase(server).finally(cleanup);
    return;
  }
  const growth: Array<{ companies: number; posts: number; companyP50: number; searchP50: number; generateSeconds: number }> = [];
  const results: Measurement[] = [];
  const drafts: DraftCase[] = [];
  const students: Array<{ companies: number; results: Measurement[] }> = [];
  const readingTools: Array<{ companies: number; questions: number; results: Measurement[] }> = [];
  const postRanges: PostRange[] = [];
  let memory: { companies: number; rssMb: number; peakRssMb: number } | null = null;
  let sessions: StudentSession[] | undefined;
  let extras:
    | {
        companyPage: Awaited<ReturnType<typeof pageAssets>>;
        topPage: Awaited<ReturnType<typeof pageAssets>>;
        lighthouseTop: number | null;
        lighthouseCompany: number | null;
      }
    | undefined;
  let previous: Stage | null = null;
  try {
    for (const stage of STAGES) {
      const started = Date.now();
      log(`growing to ${stage.companies} companies, ${stage.companies * stage.postsPerCompany} posts`);
      postRanges.push(await growTo(target, stage, previous));
      const generateSeconds = Math.round((Date.now() - started) / 100) / 10;
      previous = stage;
      // The students log in while the server is stopped (PGlite has one owner).
      sessions ??= await createStudentSessions(target, DRAFT_STUDENTS);
      const server = startServer(target);
      try {
        await waitHealthy(server);
        const n = stage.companies;
        // Warm up the search catalogue and the JIT.
        await measure('warm-up', BASE, () => `/companies/${random(n)}`, {}, 2);
        const last = stage === STAGES[STAGES.length - 1];
        const seconds = last ? SECONDS : 4;
        // The draft case, last in each stage: the company pages as below, without and then with
        // the students' saves.
        const runDrafts = async () => {
          if (!DRAFTS) return;
          const measurePages = async (label: string) => [
            await measure(
              `company page, random company (${n}), uncached (${label})`,
              BASE,
              () => `/companies/${random(n)}?v=${random(1e9)}`,
              {},
              seconds,
            ),
            await measure(`company page, visitor (cached) (${label})`, BASE, () => `/companies/${random(50)}`, {}, seconds),
          ];
          // A server that has only just started renders its first uncached pages slowly.
          await measure('warm-up', BASE, () => `/companies/${random(n)}?v=${random(1e9)}`, {}, Math.max(2, seconds));
          drafts.push(await runDraftCase({ base: BASE, companies: n, sessions: sessions!, engine, measurePages }));
        };
        if (ONLY_DRAFTS) {
          await runDrafts();
          if (hasExited(server)) throw new Error('the server stopped during the measurements');
          continue;
        }
        if (ONLY_STUDENTS) {
          students.push({ companies: n, results: await measureStudents(n, postRanges, sessions, seconds) });
          if (last) {
            const baseline = await measureBaseline(Buffer.from(await (await fetch(`${BASE}/companies/1`)).arrayBuffer()));
            results.push(baseline);
            for (const m of students.flatMap((stageResults) => stageResults.results))
              m.ratioToBaseline = Math.round((m.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100;
          }
          continue;
        }
        if (ONLY_READING) {
          readingTools.push({ companies: n, questions: postRanges.at(-1)!.questions, results: await measureReadingTools(seconds, n) });
          continue;
        }
        // Visitors opening companies at random. The parameter (which the page ignores) makes
        // every request miss the page cache, at 1,000 companies as at 100,000.
        const company = await measure(
          `company page, random company (${n}), uncached`,
          BASE,
          () => `/companies/${random(n)}?v=${random(1e9)}`,
          {},
          seconds,
        );
        const search = await measure(
          `search API, 3 chars (${n})`,
          BASE,
          () => `/api/company?source=incremental&company_name=${encodeURIComponent(pick(QUERIES[3]!))}`,
          {},
          seconds,
        );
        growth.push({ companies: n, posts: n * stage.postsPerCompany, companyP50: company.p50, searchP50: search.p50, generateSeconds });
        // Logged-in students next to the visitors, at every stage (issue 15).
        students.push({ companies: n, results: await measureStudents(n, postRanges, sessions, seconds) });
        readingTools.push({ companies: n, questions: postRanges.at(-1)!.questions, results: await measureReadingTools(seconds, n) });
        if (!last) {
          await runDrafts();
          if (hasExited(server)) throw new Error('the server stopped during the measurements');
          continue;
        }

        const baseline = await measureBaseline(Buffer.from(await (await fetch(`${BASE}/companies/1`)).arrayBuffer()));
        results.push(baseline);
        results.push(company);
        results.push(await measure('company page, visitor (cached)', BASE, () => `/companies/${random(50)}`));
        results.push(await measure('top page, visitor', BASE, () => '/'));
        // Share cards (issue 18): a crawler fetching a company's card for the first time (one at a
        // time; a random company of many misses the 300-card memory cache), then cards already drawn.
        results.push(
          await measure(
            `share card, random company (${n}), uncached, 1 connection`,
            BASE,
            () => `/og/companies/${random(n)}/card.png`,
            {},
            SECONDS,
            1,
          ),
        );
        results.push(await measure('share card, company, cached', BASE, () => `/og/companies/${random(20)}/card.png`));
        results.push(
          await measure(
            'search page, uncached',
            BASE,
            () =>
              `/companies?q=${encodeURIComponent(pick(QUERIES[2]!))}&sort=${pick(['relevance', 'posts', 'kana'])}&page=${random(3)}&r=${random(1e9)}`,
          ),
        );
        for (const length of [1, 2, 3, 5]) {
          results.push(
            await measure(
              `search API, ${length} char${length > 1 ? 's' : ''}`,
              BASE,
              () => `/api/company?source=incremental&company_name=${encodeURIComponent(pick(QUERIES[length]!))}`,
            ),
          );
        }
        for (const m of [...results, ...students.flatMap((stageResults) => stageResults.results)])
          m.ratioToBaseline = Math.round((m.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100;
        log('measuring JavaScript size and Lighthouse');
        extras = {
          companyPage: await pageAssets('/companies/1'),
          topPage: await pageAssets('/'),
          lighthouseTop: await lighthouseScore('/'),
          lighthouseCompany: await lighthouseScore('/companies/1'),
        };
        await runDrafts();
        if (hasExited(server)) throw new Error('the server stopped during the measurements');
        // After every case of the largest stage: what one server process holds.
        const rss = residentMemory(server);
        if (rss) memory = { companies: n, ...rss };
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    await cleanup();
  }

  const report = {
    engine,
    date: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    connections: CONNECTIONS,
    secondsPerMeasurement: SECONDS,
    dataSet: { companies: STAGES[STAGES.length - 1]!.companies, posts: STAGES[STAGES.length - 1]!.companies * POSTS_PER_COMPANY },
    results,
    growth,
    extras,
    students,
    readingTools,
    memory,
    drafts,
  };
  const lines = [
    `# Benchmark${ONLY_DRAFTS ? ', draft case only' : ''} (${engine}, ${report.dataSet.companies.toLocaleString('en')} companies, ${report.dataSet.posts.toLocaleString('en')} posts, ${CONNECTIONS} connections, ${SECONDS} s each)`,
    '',
    ...(results.length > 0
      ? [
          '| what | req/s | p50 ms | p95 ms | p99 ms | errors | × baseline |',
          '|---|---:|---:|---:|---:|---:|---:|',
          ...results.map(
            (m) =>
              `| ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} | ${m.ratioToBaseline ?? ''} |`,
          ),
          '',
        ]
      : []),
    ...(growth.length > 0
      ? [
          '| companies | posts | data generated in s | company page p50 ms | search API (3 chars) p50 ms |',
          '|---:|---:|---:|---:|---:|',
          ...growth.map((g) => `| ${g.companies} | ${g.posts} | ${g.generateSeconds} | ${ms(g.companyP50)} | ${ms(g.searchP50)} |`),
          '',
        ]
      : []),
    ...(students.length > 0
      ? [
          '## Logged-in students (a view of a shared page includes its personal call)',
          '',
          '| companies | what | views/s | p50 ms | p95 ms | p99 ms | errors | × baseline |',
          '|---:|---|---:|---:|---:|---:|---:|---:|',
          ...students.flatMap((stageResults) =>
            stageResults.results.map(
              (m) =>
                `| ${stageResults.companies} | ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} | ${m.ratioToBaseline ?? ''} |`,
            ),
          ),
          '',
          '(× baseline: against the node:http baseline measured at the largest stage.)',
          '',
        ]
      : []),
    ...(readingTools.length > 0
      ? [
          '## Reading tools (issues 16, 34): ES search by question, filtered and sorted lists, 選考対策 and the interview question search (uncached pages)',
          '',
          '| companies | ES questions | what | req/s | p50 ms | p95 ms | p99 ms | errors |',
          '|---:|---:|---|---:|---:|---:|---:|---:|',
          ...readingTools.flatMap((stageResults) =>
            stageResults.results.map(
              (m) =>
                `| ${stageResults.companies} | ${stageResults.questions} | ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} |`,
            ),
          ),
          '',
          `Issue 34's goals at ${readingTools.at(-1)!.companies.toLocaleString('en')} companies (${engine}):`,
          ...selectionGoalLines(readingTools.at(-1)!.results),
          '',
        ]
      : []),
    memory
      ? `Server process resident memory at ${memory.companies.toLocaleString('en')} companies (${engine}): ${memory.rssMb} MB after the measurements, ${memory.peakRssMb} MB at its peak.`
      : '',
    '',
    extras
      ? `Gzipped JavaScript: company page ${(extras.companyPage.gzippedJs / 1024).toFixed(1)} KB in ${extras.companyPage.scripts} files (and ${extras.companyPage.styleSheets} style sheets), top page ${(extras.topPage.gzippedJs / 1024).toFixed(1)} KB in ${extras.topPage.scripts} files (and ${extras.topPage.styleSheets} style sheets). Lighthouse mobile performance: top ${extras.lighthouseTop ?? 'n/a'}, company page ${extras.lighthouseCompany ?? 'n/a'}.`
      : '',
    ...(drafts.length > 0 ? ['', ...draftCaseLines(drafts)] : []),
  ];
  writeCaseResult(engine.toLowerCase(), report.date, report, lines);
}

(ONLY_IMPORT
  ? runImportBench
  : ONLY_COMPANY_IMPORT
    ? runCompanyImportBench
    : ONLY_BACKUP
      ? runBackupBench
      : ONLY_SERVERS
        ? runServersBench
        : ONLY_DIGEST
          ? runDigestBench
          : main)().catch((error) => {
  console.error(error);
  process.exit(1);
});
