// Runs the server in several processes (node:cluster) that share one listening port, so that a
// machine's cores all render pages (WEB_CONCURRENCY). Only with PostgreSQL: the embedded PGlite
// belongs to one process. See docs/decisions/016-worker-processes.md.
import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from '../app/lib/metrics.server';

/** A worker that dies within this long of its start counts as a crash loop. */
const CRASH_WINDOW_MS = 10_000;
const MAX_QUICK_CRASHES = 5;
/**
 * After SIGTERM, how long a worker may take to finish before it is killed: its handlers get 10 s
 * (STOP_REQUESTS_MS in server/app.ts), then it closes its database.
 */
const STOP_TIMEOUT_MS = 15_000;

/**
 * How many server processes to run: WEB_CONCURRENCY when set (a positive integer), otherwise
 * one. More than one needs PostgreSQL. One is the default because the measured machine (two
 * cores, PostgreSQL and the load on the same box) answered search calls more slowly with two
 * (docs/decisions/016-worker-processes.md).
 */
export function workerCount(env: { WEB_CONCURRENCY?: string; DATABASE_URL?: string }): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  if (!/^[1-9][0-9]{0,2}$/.test(raw)) throw new Error(`WEB_CONCURRENCY は1以上の整数で指定してください（「${raw}」が指定されています）。`);
  const wanted = Number(raw);
  if (!env.DATABASE_URL && wanted > 1)
    throw new Error(
      'WEB_CONCURRENCY を2以上にするには DATABASE_URL（PostgreSQL）を設定してください。組み込みのデータベースは1つのプロセスしか開けません。',
    );
  return wanted;
}

/**
 * In the primary process: forks `count` workers, replaces one that dies unexpectedly, and on
 * SIGTERM or SIGINT passes the signal on and exits when every worker has finished its
 * requests. Resolves once every worker listens; rejects (and stops the others) when a worker
 * exits before that, as a single server process would have failed to start.
 */
export function superviseWorkers({
  count,
  log = (message) => console.error(message),
}: {
  count: number;
  log?: (message: string) => void;
}): Promise<void> {
  let stopping = false;
  let ready = false;
  // A worker asked for /metrics gets every worker's from here (app/lib/metrics.server.ts).
  serveClusterMetrics();
  // Counted here: cluster.workers drops a worker only after both its exit and disconnect.
  const running = new Set<Worker>();
  const quickCrashes: number[] = [];

  const stop = (signal: NodeJS.Signals, exitCode?: number) => {
    if (exitCode !== undefined) process.exitCode = exitCode;
    if (stopping) return;
    stopping = true;
    if (running.size === 0) process.exit();
    for (const worker of running) worker.process.kill(signal);
    // Each worker closes its connections after at most 10 s; one stuck on its database is ended here.
    setTimeout(() => {
      for (const worker of running) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS).unref();
  };

  /** Resolves when the new worker listens. */
  const fork = () =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork();
      running.add(worker);
      const startedAt = Date.now();
      worker.once('listening', () => resolve());
      worker.once('exit', (code, signal) => {
        running.delete(worker);
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        if (stopping) {
          if (code !== 0) process.exitCode = 1;
          if (running.size === 0) process.exit();
          return;
        }
        if (!ready) {
          reject(new Error(`a server process exited while starting (${how})`));
          stop('SIGTERM', 1);
          return;
        }
        log(`server process ${worker.process.pid} exited (${how}); starting another`);
        const now = Date.now();
        if (now - startedAt < CRASH_WINDOW_MS) quickCrashes.push(now);
        while (quickCrashes.length > 0 && now - quickCrashes[0]! > CRASH_WINDOW_MS * MAX_QUICK_CRASHES) quickCrashes.shift();
        if (quickCrashes.length >= MAX_QUICK_CRASHES) {
          log('server processes keep dying right after they start; stopping');
          stop('SIGTERM', 1);
          return;
        }
        fork().catch(() => {});
      });
    });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return Promise.all(Array.from({ length: count }, fork)).then(() => {
    ready = true;
  });
}
