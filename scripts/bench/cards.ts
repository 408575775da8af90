// The bench's share-card case (issue 28, item 7; docs/decisions/055-share-cards-under-load.md):
// crawlers fetching company cards that were never drawn. First one crawler (one connection), then
// two floods from many connections, every request a company whose card was not drawn before. It
// reports each card's time (p50/p95/p99), how many answers were drawn cards, the site card in
// their place (the queue was full) or 503, and the server's resident memory before, during (the
// highest sample) and after each part. Run it alone: BENCH_ONLY=cards npm run bench.
import type { ChildProcess } from 'node:child_process';
import { type BenchTarget, growTo } from './generate';
import { ms, percentile } from './stats';
import { writeCaseResult } from './import';

const COMPANIES = Number(process.env.BENCH_CARD_COMPANIES ?? 1_100);
/** Cards the single crawler fetches, one after the other. */
const SINGLE = Number(process.env.BENCH_CARD_SINGLE ?? 200);
/** Cards each flood fetches, and from how many connections at once. */
const FLOOD = Number(process.env.BENCH_CARD_FLOOD ?? 400);
const FLOOD_CONNECTIONS = Number(process.env.BENCH_CARD_CONNECTIONS ?? 32);
/** No part runs longer: the requests not sent by then are not sent. */
const PART_SECONDS = Number(process.env.BENCH_CARD_SECONDS ?? 300);
/** Company cards drawn before the measurements (the last companies; the parts never ask for them). */
const WARM_UP = 30;
/** How long the server rests after a part before its memory is read again. */
const REST_MS = 5_000;

export type CardServer = {
  base: string;
  engine: string;
  target: BenchTarget;
  start: (target: BenchTarget) => ChildProcess;
  waitHealthy: (child: ChildProcess) => Promise<void>;
  stop: (child: ChildProcess) => Promise<void>;
  residentMemory: (child: ChildProcess) => { rssMb: number; peakRssMb: number } | null;
};

type Part = {
  name: string;
  connections: number;
  requests: number;
  seconds: number;
  /** Answered with the company's own card. */
  drawn: number;
  /** Answered with the site card in its place (a full queue). */
  siteCard: number;
  /** 503 (a full queue), with Retry-After. */
  unavailable: number;
  /** Anything else: other statuses, network errors. */
  errors: number;
  /** The drawn cards' times, and every answer's. */
  drawnMs: { p50: number; p95: number; p99: number };
  allMs: { p50: number; p95: number; p99: number };
  rssMb: { before: number; duringMax: number; after: number; peak: number };
};

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

function shuffled(ids: number[]): number[] {
  const list = [...ids];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

const summary = (sorted: number[]) => ({ p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) });

/** Fetches each company's card once, from `connections` connections at a time, reading the server's memory meanwhile. */
async function crawl(
  server: CardServer,
  child: ChildProcess,
  name: string,
  ids: number[],
  connections: number,
  siteEtag: string,
): Promise<Part> {
  const memory = () => server.residentMemory(child)?.rssMb ?? Number.NaN;
  const before = memory();
  let duringMax = before;
  const sampler = setInterval(() => {
    duringMax = Math.max(duringMax, memory());
  }, 100);
  const drawnTimes: number[] = [];
  const allTimes: number[] = [];
  const counts = { drawn: 0, siteCard: 0, unavailable: 0, errors: 0 };
  const queue = [...ids];
  const started = performance.now();
  const deadline = started + PART_SECONDS * 1000;
  const worker = async () => {
    while (queue.length > 0 && performance.now() < deadline) {
      const id = queue.shift()!;
      const sent = performance.now();
      try {
        const response = await fetch(`${server.base}/og/companies/${id}/card.png`);
        await response.arrayBuffer();
        const time = performance.now() - sent;
        allTimes.push(time);
        if (response.status === 503 && response.headers.has('retry-after')) counts.unavailable++;
        else if (response.status !== 200 || response.headers.get('content-type') !== 'image/png') counts.errors++;
        else if (response.headers.get('etag') === siteEtag) counts.siteCard++;
        else {
          counts.drawn++;
          drawnTimes.push(time);
        }
      } catch {
        counts.errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  duringMax = Math.max(duringMax, memory());
  if (queue.length > 0) log(`${name}: stopped after ${PART_SECONDS} s, ${queue.length} cards not fetched`);
  await sleep(REST_MS);
  drawnTimes.sort((a, b) => a - b);
  allTimes.sort((a, b) => a - b);
  const part: Part = {
    name,
    connections,
    requests: counts.drawn + counts.siteCard + counts.unavailable + counts.errors,
    seconds: Math.round(seconds * 10) / 10,
    ...counts,
    drawnMs: summary(drawnTimes),
    allMs: summary(allTimes),
    rssMb: { before, duringMax, after: memory(), peak: server.residentMemory(child)?.peakRssMb ?? Number.NaN },
  };
  log(
    `${name}: ${part.requests} requests in ${part.seconds} s; drawn ${part.drawn} (p50 ${ms(part.drawnMs.p50)}, p95 ${ms(part.drawnMs.p95)}, p99 ${ms(part.drawnMs.p99)} ms), site card ${part.siteCard}, 503 ${part.unavailable}, errors ${part.errors}; RSS ${part.rssMb.before} → max ${part.rssMb.duringMax} → ${part.rssMb.after} MB`,
  );
  return part;
}

export async function runCardCase(server: CardServer): Promise<void> {
  const needed = SINGLE + 2 * FLOOD + WARM_UP;
  if (COMPANIES < needed) throw new Error(`BENCH_CARD_COMPANIES: at least ${needed} for these parts`);
  log(`card case: growing to ${COMPANIES} companies`);
  await growTo(server.target, { companies: COMPANIES, postsPerCompany: 2 }, null);
  const child = server.start(server.target);
  const parts: Part[] = [];
  let startedRssMb = Number.NaN;
  try {
    await server.waitHealthy(child);
    startedRssMb = server.residentMemory(child)?.rssMb ?? Number.NaN;
    // The site card (also the answer of a full queue) and the last companies' cards, one after
    // the other: the fonts opened, the code compiled, as the bench measures steady states.
    const site = await fetch(`${server.base}/og/site.png`);
    await site.arrayBuffer();
    const siteEtag = site.headers.get('etag') ?? '';
    for (let id = COMPANIES - WARM_UP + 1; id <= COMPANIES; id++)
      await (await fetch(`${server.base}/og/companies/${id}/card.png`)).arrayBuffer();
    const ids = shuffled(Array.from({ length: COMPANIES - WARM_UP }, (_, index) => index + 1));
    const single = ids.slice(0, SINGLE);
    const floods = [ids.slice(SINGLE, SINGLE + FLOOD), ids.slice(SINGLE + FLOOD, SINGLE + 2 * FLOOD)];
    parts.push(await crawl(server, child, 'one crawler, undrawn company cards, 1 connection', single, 1, siteEtag));
    for (const [index, flood] of floods.entries()) {
      parts.push(
        await crawl(
          server,
          child,
          `flood ${index + 1}, undrawn company cards, ${FLOOD_CONNECTIONS} connections`,
          flood,
          FLOOD_CONNECTIONS,
          siteEtag,
        ),
      );
    }
  } finally {
    await server.stop(child);
  }

  const date = new Date().toISOString();
  const lines = [
    `# Benchmark, share cards under a flood (${server.engine}, ${COMPANIES.toLocaleString('en')} companies)`,
    '',
    `Every request is a company whose card was not drawn before. Server RSS after start: ${startedRssMb} MB.`,
    '',
    '| what | requests | s | drawn | site card | 503 | errors | drawn p50 ms | p95 ms | p99 ms | all p95 ms | RSS before → max → after (MB) | peak |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...parts.map(
      (p) =>
        `| ${p.name} | ${p.requests} | ${p.seconds} | ${p.drawn} | ${p.siteCard} | ${p.unavailable} | ${p.errors} | ${ms(p.drawnMs.p50)} | ${ms(p.drawnMs.p95)} | ${ms(p.drawnMs.p99)} | ${ms(p.allMs.p95)} | ${p.rssMb.before} → ${p.rssMb.duringMax} → ${p.rssMb.after} | ${p.rssMb.peak} |`,
    ),
    '',
  ];
  writeCaseResult(
    `cards-${server.engine.toLowerCase()}`,
    date,
    { engine: server.engine, date, companies: COMPANIES, startedRssMb, parts },
    lines,
  );
}
