// The bench's draft case (issue 13, point 12): 50 students each autosaving a 4,000-character
// 企業研究レポート every 2 s, then a burst of 200 saves a second, and the company pages measured
// without and with the saves running. The students run in scripts/bench/draft-saver.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface, type Interface } from 'node:readline';
import type { PhaseStats, SaverConfig } from './draft-saver';
import type { StudentSession } from './generate';
import { type Measurement, ms } from './stats';

export const DRAFT_STUDENTS = Number(process.env.BENCH_DRAFT_STUDENTS ?? 50);
const INTERVAL_MS = Number(process.env.BENCH_DRAFT_INTERVAL_MS ?? 2000);
/** How long the steady saves run alone before the pages are measured beside them. */
const STEADY_SECONDS = Number(process.env.BENCH_DRAFT_SECONDS ?? 10);
const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? 200);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 5);

export type PageComparison = {
  name: string;
  /** The mean of the measurements before and after the steady saves (the server warms up, the machine's load drifts). */
  without: Measurement;
  withoutBefore: Measurement;
  withoutAfter: Measurement;
  with: Measurement;
  /** (with − without) / without, in %: negative is fewer requests a second. */
  requestsPerSecondChangePercent: number;
  p99ChangePercent: number;
};

export type DraftCase = {
  companies: number;
  students: number;
  intervalMs: number;
  draftCharacters: number;
  create: PhaseStats;
  /** The steady saves alone, then while the company pages are measured beside them. */
  steady: PhaseStats;
  steadyDuringPages: PhaseStats;
  burst: PhaseStats & { targetRate: number; targetSeconds: number };
  pages: PageComparison[];
  targets: { saveP99Ms: number; pageChangePercent: number };
  /** The issue's targets: p99 of the saves (steady and burst), no errors, pages within 20 %. */
  passed: { saveP99: boolean; noErrors: boolean; pages: boolean };
};

/** The saver process, driven line by line. */
class Saver {
  private readonly lines: Interface;
  private readonly events: Array<{ event: string; phases: PhaseStats[] }> = [];
  private waiting: (() => void) | null = null;
  private exited = false;

  constructor(private readonly child: ChildProcess) {
    this.lines = createInterface({ input: child.stdout! });
    this.lines.on('line', (line) => {
      this.events.push(JSON.parse(line) as { event: string; phases: PhaseStats[] });
      this.waiting?.();
    });
    child.once('exit', () => {
      this.exited = true;
      this.waiting?.();
    });
  }

  send(line: string) {
    this.child.stdin!.write(`${line}\n`);
  }

  async next(event: string): Promise<PhaseStats[]> {
    for (;;) {
      const index = this.events.findIndex((e) => e.event === event);
      if (index !== -1) return this.events.splice(index, 1)[0]!.phases;
      if (this.exited) throw new Error(`the draft saver exited before "${event}"`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }

  async close() {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.send('exit');
    const timer = setTimeout(() => this.child.kill('SIGTERM'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

const change = (before: number, after: number) => Math.round(((after - before) / before) * 1000) / 10;

function logPhase(stats: PhaseStats) {
  process.stderr.write(
    `[bench] draft saves, ${stats.phase}: ${stats.saves} saves in ${stats.seconds} s (${stats.savesPerSecond}/s), p50 ${ms(stats.p50)} ms, p95 ${ms(stats.p95)} ms, p99 ${ms(stats.p99)} ms, max ${ms(stats.max)} ms, errors ${stats.errors}${stats.firstError ? ` (first: ${stats.firstError})` : ''}\n`,
  );
}

/**
 * Runs the case against the server at `base`. `measurePages` measures the company pages as the
 * rest of the bench does (the same cases, the same durations); it is called three times: while
 * no student saves, while the steady saves run, and without saves again.
 */
export async function runDraftCase(options: {
  base: string;
  companies: number;
  sessions: StudentSession[];
  engine: 'PostgreSQL' | 'PGlite';
  measurePages: (label: string) => Promise<Measurement[]>;
}): Promise<DraftCase> {
  const config: SaverConfig = {
    base: options.base,
    companies: options.companies,
    intervalMs: INTERVAL_MS,
    burstRate: BURST_RATE,
    burstSeconds: BURST_SECONDS,
    students: options.sessions.map(({ sessionId, csrfToken }) => ({ sessionId, csrfToken })),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/draft-saver.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const saver = new Saver(child);
  try {
    saver.send(JSON.stringify(config));
    const [create] = await saver.next('ready');
    logPhase(create!);

    const without = await options.measurePages('without draft saves');
    saver.send('steady');
    await new Promise((resolve) => setTimeout(resolve, STEADY_SECONDS * 1000));
    saver.send('phase steady, company pages measured');
    const withSaves = await options.measurePages(`with ${options.sessions.length} students saving every ${INTERVAL_MS / 1000} s`);
    saver.send('stop');
    const [steady, steadyDuringPages] = await saver.next('stopped');
    logPhase(steady!);
    logPhase(steadyDuringPages!);
    const withoutAfter = await options.measurePages('without draft saves, again');
    saver.send('burst');
    const [burst] = await saver.next('burst');
    logPhase(burst!);

    const pages = without.map((before, i) => {
      const after = withoutAfter[i]!;
      const mean = (key: 'requestsPerSecond' | 'p50' | 'p95' | 'p99') =>
        Math.round(((before[key] + after[key]) / 2) * (key === 'requestsPerSecond' ? 1 : 10)) / (key === 'requestsPerSecond' ? 1 : 10);
      const name = before.name.replace(/ \(without draft saves\)$/, '');
      const baseline: Measurement = {
        name: `${name} (without draft saves, mean of before and after)`,
        requestsPerSecond: mean('requestsPerSecond'),
        p50: mean('p50'),
        p95: mean('p95'),
        p99: mean('p99'),
        errors: before.errors + after.errors,
      };
      const during = withSaves[i]!;
      return {
        name,
        without: baseline,
        withoutBefore: before,
        withoutAfter: after,
        with: during,
        requestsPerSecondChangePercent: change(baseline.requestsPerSecond, during.requestsPerSecond),
        p99ChangePercent: change(baseline.p99, during.p99),
      };
    });
    const targets = { saveP99Ms: options.engine === 'PostgreSQL' ? 50 : 100, pageChangePercent: 20 };
    return {
      companies: options.companies,
      students: options.sessions.length,
      intervalMs: INTERVAL_MS,
      draftCharacters: 4000,
      create: create!,
      steady: steady!,
      steadyDuringPages: steadyDuringPages!,
      burst: { ...burst!, targetRate: BURST_RATE, targetSeconds: BURST_SECONDS },
      pages,
      targets,
      passed: {
        saveP99: steady!.p99 <= targets.saveP99Ms && burst!.p99 <= targets.saveP99Ms,
        noErrors:
          create!.errors + steady!.errors + steadyDuringPages!.errors + burst!.errors === 0 &&
          pages.every((page) => page.without.errors + page.with.errors === 0),
        pages: pages.every((page) => -page.requestsPerSecondChangePercent <= targets.pageChangePercent),
      },
    };
  } finally {
    await saver.close();
  }
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** The Markdown section of the report. */
export function draftCaseLines(cases: DraftCase[]): string[] {
  if (cases.length === 0) return [];
  const first = cases[0]!;
  const lines = [
    `## Draft saves (${first.students} students, a ${first.draftCharacters.toLocaleString('en')}-character 企業研究レポート saved every ${first.intervalMs / 1000} s, then ${first.burst.targetRate} saves/s for ${first.burst.targetSeconds} s)`,
    '',
    `Target: p99 ≤ ${first.targets.saveP99Ms} ms (steady and burst), 0 errors, company pages within ${first.targets.pageChangePercent} % of their req/s without the saves.`,
    '',
    '| companies | saves | count | saves/s | p50 ms | p95 ms | p99 ms | max ms | errors |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const c of cases) {
    for (const [label, stats] of [
      ['create (POST, all at once)', c.create],
      ['steady, alone', c.steady],
      ['steady, while the pages are measured', c.steadyDuringPages],
      [`burst at ${c.burst.targetRate}/s`, c.burst],
    ] as const) {
      lines.push(
        `| ${c.companies} | ${label} | ${stats.saves} | ${stats.savesPerSecond} | ${ms(stats.p50)} | ${ms(stats.p95)} | ${ms(stats.p99)} | ${ms(stats.max)} | ${stats.errors}${
          stats.errors
            ? ` (${Object.entries(stats.errorsByStatus)
                .map(([status, n]) => `${n}× ${status}`)
                .join(', ')})`
            : ''
        } |`,
      );
    }
  }
  lines.push(
    '',
    'Company pages: "without" is the mean of a measurement before and one after the steady saves (each shown in brackets).',
    '',
    '| companies | page | req/s without saves | req/s with saves | change | p99 ms without | p99 ms with | change |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const c of cases) {
    for (const page of c.pages) {
      lines.push(
        `| ${c.companies} | ${page.name} | ${page.without.requestsPerSecond} (${page.withoutBefore.requestsPerSecond}, ${page.withoutAfter.requestsPerSecond}) | ${page.with.requestsPerSecond} | ${page.requestsPerSecondChangePercent} % | ${ms(page.without.p99)} (${ms(page.withoutBefore.p99)}, ${ms(page.withoutAfter.p99)}) | ${ms(page.with.p99)} | ${page.p99ChangePercent} % |`,
      );
    }
  }
  lines.push('');
  for (const c of cases) {
    lines.push(
      `${c.companies} companies: save p99 ${mark(c.passed.saveP99)}, no errors ${mark(c.passed.noErrors)}, pages within ${c.targets.pageChangePercent} % ${mark(c.passed.pages)}.`,
    );
  }
  return lines;
}
