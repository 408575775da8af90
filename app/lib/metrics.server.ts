// What an operator's Prometheus reads at /metrics (issue 31, part 3; docs/decisions/078-metrics.md),
// with prom-client: requests by route and status with their latency, the page cache's hits and
// misses, the email queue, the database pool and its statements' latency, and the process's own
// (memory, event-loop delay, garbage collection: prom-client's default metrics). Each process keeps
// its own; with several workers (WEB_CONCURRENCY) the one that is asked gathers every worker's from
// the supervisor, so one scrape sees the whole server.
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'shulog_http_requests_total',
  help: 'Requests answered, by route pattern (app/routes.ts), method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'shulog_http_request_duration_seconds',
  help: 'Time from a request to the end of its answer, by route pattern and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const pageCacheLookups = new Counter({
  name: 'shulog_page_cache_lookups_total',
  help: 'Shared pages looked up in the page cache: hit or miss',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const dbStatementDuration = new Histogram({
  name: 'shulog_db_statement_duration_seconds',
  help: 'Time of each database statement, from sending it to its answer',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

/**
 * A gauge of a few states (label `state`), each read when the metrics are: `read` answers the
 * count of each state, or null when there is nothing to report.
 */
function statesGauge(
  name: string,
  help: string,
  read: () => Record<string, number> | null | Promise<Record<string, number> | null>,
  aggregator?: 'max',
): void {
  new Gauge({
    name,
    help,
    labelNames: ['state'] as const,
    registers: [registry],
    ...(aggregator ? { aggregator } : {}),
    async collect() {
      const counts = await read();
      for (const [state, count] of Object.entries(counts ?? {})) this.set({ state }, count);
    },
  });
}

/** What the database pool reports, set by the database module when it opens (PostgreSQL only). */
let poolState: (() => { total: number; idle: number; waiting: number }) | null = null;
export function reportPool(state: typeof poolState): void {
  poolState = state;
}

statesGauge(
  'shulog_db_pool_connections',
  'Database pool connections of this process: open, idle and requests waiting for one (PostgreSQL)',
  () => {
    const state = poolState?.();
    return state ? { open: state.total, idle: state.idle, waiting: state.waiting } : null;
  },
);

/** The email queue's counts, read when the metrics are (set by the server: it knows the database). */
let emailQueue: (() => Promise<{ due: number; retrying: number; failed: number }>) | null = null;
export function reportEmailQueue(read: typeof emailQueue): void {
  emailQueue = read;
}

// Every process reads the same table: with several workers, one value (max), not their sum.
statesGauge(
  'shulog_email_queue_jobs',
  'Emails in the queue: due now, retrying after a failed attempt, failed for good',
  async () => (await emailQueue?.().catch(() => null)) ?? null,
  'max',
);

/** Times a statement: call the answer (with nothing) when it is done. */
export function statementTimer(): () => void {
  const end = dbStatementDuration.startTimer();
  return () => {
    end();
  };
}

/** Whether a request's Authorization header carries the token (constant time); never without one set. */
export function isMetricsRequest(authorization: string | undefined, token: string | null): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const sent = Buffer.from(authorization.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

const ASK = 'shulog:metrics?';
const ANSWER = 'shulog:metrics';
let asked = 0;
const waiting = new Map<number, (text: string) => void>();

/** The metrics text of this process, or of every worker when it is one of several. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the supervisor did not answer the metrics request'));
    }, 5000);
    waiting.set(id, (text) => {
      clearTimeout(timer);
      resolve(text);
    });
    process.send!({ type: ASK, id });
  });
}

if (cluster.isWorker) {
  // The worker's side of prom-client's aggregation: it answers the supervisor with this registry.
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
  process.on('message', (message: { type?: string; id?: number; text?: string }) => {
    if (message?.type !== ANSWER || typeof message.id !== 'number') return;
    waiting.get(message.id)?.(message.text ?? '');
    waiting.delete(message.id);
  });
}

/**
 * In the supervisor: answers a worker's request for the metrics of every worker (prom-client's
 * aggregator asks each over IPC and sums counters and histograms).
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (error: unknown) => worker.send({ type: ANSWER, id: message.id, text: `# metrics unavailable: ${String(error)}\n` }),
    );
  });
}
