import { createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_ENV, startServerProcess } from '../../tests/support/server-process';
import { createBenchDatabase } from './database';
import {
  BASE,
  buildForBench,
  log,
  logInModerator,
  memoryMb,
  loadPages,
  measurePages,
  PORT,
  seedDemoThenStop,
  waitHealthy,
  watchMemory,
  type CaseStamp,
  caseStamp,
  writeCaseResult,
} from './import';
import { type Measurement, ms } from './stats';

const LINES = Number(process.env.BENCH_COMPANY_LINES ?? 500_000);
const CONNECTIONS = Number(process.env.BENCH_IMPORT_CONNECTIONS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DEMO_COMPANIES = 320;
const GOALS = { linesPerSecondPostgres: 5000, pageP99Ms: 500, searchWithinS: 10 };

/** 法人番号 of a serial: the check digit before the twelve digits. */
function corporateNumber(serial: number): string {
  const twelve = String(serial).padStart(12, '0');
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(twelve[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return `${9 - (sum % 9)}${twelve}`;
}

const HEADS = ['さくら', '青葉', '東和', '北斗', '大和', '瀬戸内', '富士', '光', '日の出', '新星'];
const HEAD_KANA = ['サクラ', 'アオバ', 'トウワ', 'ホクト', 'ヤマト', 'セトウチ', 'フジ', 'ヒカリ', 'ヒノデ', 'シンセイ'];
const TAILS = ['商事', '建設', 'システム', 'フーズ', 'ロジスティクス', 'エンジニアリング', '不動産', 'メディカル', 'テック', '工業'];
const TAIL_KANA = [
  'ショウジ',
  'ケンセツ',
  'システム',
  'フーズ',
  'ロジスティクス',
  'エンジニアリング',
  'フドウサン',
  'メディカル',
  'テック',
  'コウギョウ',
];

/** One line of the Unicode version: mostly 株式会社 (the kind imported), some other kinds, older records, excluded and closed ones. */
function line(i: number): string {
  const kind = i % 10 < 7 ? '301' : i % 10 < 9 ? '305' : '302';
  const latest = i % 37 === 0 ? '0' : '1';
  const excluded = i % 101 === 0 ? '1' : '0';
  const closed = i % 53 === 0 ? '2024-03-31' : '';
  const head = i % HEADS.length;
  const tail = Math.floor(i / HEADS.length) % TAILS.length;
  const name = `株式会社${HEADS[head]}${TAILS[tail]}${i}`;
  const kana = `${HEAD_KANA[head]}${TAIL_KANA[tail]}`;
  const cells = [
    String(i),
    corporateNumber(7_000_000_000 + i),
    closed ? '21' : '01',
    '0',
    '2026-10-30',
    '2026-10-30',
    name,
    '',
    kind,
    '東京都',
    '千代田区',
    `丸の内${(i % 3) + 1}丁目${(i % 20) + 1}番${(i % 9) + 1}号`,
    '',
    '13',
    '101',
    '1000005',
    '',
    '',
    closed,
    closed ? '01' : '',
    '',
    '',
    '2015-10-05',
    latest,
    '',
    '',
    '',
    '',
    kana,
    excluded,
  ];
  return `${cells.map((cell) => `"${cell}"`).join(',')}\n`;
}

/** The file, written to disk in chunks (not built in memory). Answers its size and the name of its last imported company. */
export async function writeCorporationFile(path: string, lines = LINES): Promise<{ bytes: number; lastName: string }> {
  const out = createWriteStream(path);
  let lastName = '';
  let chunk = '';
  for (let i = 1; i <= lines; i++) {
    chunk += line(i);
    if (i % 10 < 7 && i % 37 !== 0 && i % 101 !== 0 && i % 53 !== 0)
      lastName = `株式会社${HEADS[i % HEADS.length]}${TAILS[Math.floor(i / HEADS.length) % TAILS.length]}${i}`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise<void>((resolve) => out.once('finish', () => resolve()));
  return { bytes: statSync(path).size, lastName };
}

export type CompanyImportCase = CaseStamp & {
  engine: 'PGlite' | 'PostgreSQL';
  file: { lines: number; bytes: number };
  outcome: { status: string; seconds: number; linesPerSecond: number; counts: Record<string, number> };
  /** Seconds after the import ended until each process's search found the file's last company. */
  searchFoundAfterS: { importing: number | null; other: number | null };
  /** The search's latency (a search every 250 ms on each process) during the import. */
  searchesDuring: { count: number; p99: number; max: number };
  memory: { beforeMb: number; peakDuringMb: number; growthMb: number };
  pagesBefore: Measurement;
  pagesDuring: Measurement;
  goals: typeof GOALS;
};

const after = (seconds: number | null) => (seconds === null ? 'never (within 60 s)' : `${seconds} s`);

export function companyImportCaseLines(result: CompanyImportCase): string[] {
  const { outcome, memory, pagesBefore, pagesDuring, file } = result;
  const row = (m: Measurement) => `| ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} |`;
  return [
    `# Benchmark, company-import case (${result.engine}, demo data, commit ${result.commit})`,
    '',
    `A moderator sends ${file.lines.toLocaleString('en')} lines of the 法人番号 data (${(file.bytes / 1024 / 1024).toFixed(1)} MB) to /api/v1/admin/company_imports as /admin/companies/import's script does, while company pages are opened on ${CONNECTIONS} connections.`,
    '',
    `- import: ${outcome.status} after ${outcome.seconds} s: ${outcome.linesPerSecond.toLocaleString('en')} lines/s (goal on PostgreSQL ≥ ${result.goals.linesPerSecondPostgres.toLocaleString('en')}); ${JSON.stringify(outcome.counts)}`,
    `- the search found the file's last company ${after(result.searchFoundAfterS.importing)} after the import ended on the process that imported${result.engine === 'PostgreSQL' ? `, ${after(result.searchFoundAfterS.other)} on a second server on the same database` : ' (the embedded database has one process)'} (goal ≤ ${result.goals.searchWithinS} s)`,
    `- searches during the import (one every 250 ms on each process): ${result.searchesDuring.count}, p99 ${ms(result.searchesDuring.p99)} ms, slowest ${ms(result.searchesDuring.max)} ms`,
    `- server resident memory: ${memory.beforeMb} MB before, ${memory.peakDuringMb} MB at the peak: +${memory.growthMb} MB`,
    `- company pages' p99 during the import: ${ms(pagesDuring.p99)} ms (goal ≤ ${result.goals.pageP99Ms} ms; before it: ${ms(pagesBefore.p99)} ms)`,
    '',
    '| company pages, random demo company, uncached | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row(pagesBefore),
    row(pagesDuring),
  ];
}

const companyPage = () => `/companies/${1 + Math.floor(Math.random() * DEMO_COMPANIES)}?v=${Math.floor(Math.random() * 1e9)}`;

export async function runCompanyImportBench() {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  buildForBench(engine);
  const work = join(tmpdir(), `shulog-bench-company-import-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const path = join(work, 'corporations.csv');
  log(`writing ${LINES.toLocaleString('en')} lines`);
  const { bytes, lastName } = await writeCorporationFile(path);
  const database = process.env.DATABASE_URL
    ? await createBenchDatabase(process.env.DATABASE_URL, `shulog_bench_companies_${process.pid}`)
    : null;
  const env = { DATA_DIR: join(work, 'data'), ...(database ? { DATABASE_URL: database.url } : {}) };
  const serverEnv = { ...PRODUCTION_ENV, PUBLIC_ORIGIN: BASE, PORT: String(PORT), DEMO_DATA: '1', LOG_LEVEL: 'warn', ...env };
  await seedDemoThenStop(serverEnv);
  const server = startServerProcess(serverEnv);
  // On PostgreSQL, a second server on the same database: its search must follow too.
  const otherBase = `http://127.0.0.1:${PORT + 1}`;
  const other = database ? startServerProcess({ ...serverEnv, PORT: String(PORT + 1) }) : null;
  let result: CompanyImportCase;
  try {
    await waitHealthy(server);
    if (other) await waitHealthy(other);
    const bases = other ? [BASE, otherBase] : [BASE];
    const login = await logInModerator();
    await measurePages('warm-up', 3);
    const pagesBefore = await measurePages('before the import', SECONDS);
    const pid = server.child.pid!;
    const watched = watchMemory(pid);
    const load = loadPages(3600, companyPage);
    // Students search meanwhile (each search may find the catalogue being rebuilt).
    const searchTimes: number[] = [];
    let searching = true;
    const searchers = bases.map(async (base) => {
      while (searching) {
        const began = performance.now();
        const keyword = HEAD_KANA[Math.floor(Math.random() * HEAD_KANA.length)]!;
        const answer = await fetch(`${base}/api/company?source=incremental&company_name=${encodeURIComponent(keyword)}`).catch(
          (error: unknown) => error as Error,
        );
        if (answer instanceof Error || answer.status !== 200)
          throw new Error(`a search on ${base} failed: ${answer instanceof Error ? answer.message : answer.status}`);
        await answer.text();
        searchTimes.push(performance.now() - began);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    });
    // A failed search ends the run with the servers' last words (below), not an unhandled rejection.
    const searched = Promise.all(searchers);
    searched.catch(() => {});
    const started = Date.now();
    log(`sending ${(bytes / 1024 / 1024).toFixed(1)} MB`);
    const answer = await fetch(`${BASE}/api/v1/admin/company_imports?kinds=301&name=bench.csv`, {
      method: 'PUT',
      headers: { cookie: login.cookie, 'x-csrf-token': login.csrfToken, 'content-type': 'text/csv', accept: 'application/json' },
      body: await readFile(path),
    });
    if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}: ${await answer.text()}`);
    const { location } = (await answer.json()) as { location: string };
    let status = 'importing';
    let counts: Record<string, number> = {};
    // The page says how the import goes until it is over.
    while (status === 'importing' || status === 'queued') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const html = await (await fetch(new URL(location, BASE), { headers: { cookie: login.cookie } })).text();
      status = /data-import-status="([a-z_]+)"/.exec(html)?.[1] ?? 'unknown';
      log(`${status} after ${Math.round((Date.now() - started) / 1000)} s, RSS ${memoryMb(pid, 'VmRSS')} MB`);
      // The counts as the report lists them: 「読んだ行<strong>500,000</strong>」.
      counts = Object.fromEntries(
        [...html.matchAll(/<li>([^<]+)<strong>([\d,]+)<\/strong><\/li>/g)].map((match) => [
          match[1]!,
          Number(match[2]!.replaceAll(',', '')),
        ]),
      );
    }
    const seconds = (Date.now() - started) / 1000;
    const memory = watched.stop();
    const pagesDuring = await load.stop('during the import');
    searching = false;
    await searched;
    searchTimes.sort((a, b) => a - b);
    // How long after the import ended each process's search finds the file's last company.
    const ended = Date.now();
    const foundAfter = async (base: string): Promise<number | null> => {
      while (Date.now() - ended < 60_000) {
        const found = await (await fetch(`${base}/api/company?source=incremental&company_name=${encodeURIComponent(lastName)}`)).text();
        if (found.includes(lastName)) return Math.round((Date.now() - ended) / 100) / 10;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    };
    const [importing, second] = await Promise.all([foundAfter(BASE), other ? foundAfter(otherBase) : Promise.resolve(null)]);
    const searchFoundAfterS = { importing, other: second };
    const searchesDuring = {
      count: searchTimes.length,
      p99: Math.round(searchTimes[Math.floor(searchTimes.length * 0.99)] ?? 0),
      max: Math.round(searchTimes.at(-1) ?? 0),
    };
    result = {
      engine,
      ...caseStamp(),
      file: { lines: LINES, bytes },
      outcome: { status, seconds: Math.round(seconds * 10) / 10, linesPerSecond: Math.round(LINES / seconds), counts },
      searchFoundAfterS,
      searchesDuring,
      memory,
      pagesBefore,
      pagesDuring,
      goals: GOALS,
    };
  } catch (error) {
    log(`the server's last words:\n${server.output().slice(-3000)}`);
    if (other) log(`the second server's last words:\n${other.output().slice(-3000)}`);
    throw error;
  } finally {
    if (other && other.child.exitCode === null && other.child.signalCode === null) {
      other.child.kill('SIGTERM');
      await other.exit;
    }
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
  const lines = companyImportCaseLines(result);
  writeCaseResult(`company-import-${engine.toLowerCase()}`, result.date, result, lines);
}
