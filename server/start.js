// Entry point of `npm start` / `npm run serve`: runs the server that `npm run build` bundled,
// in one process, or in WEB_CONCURRENCY processes on PostgreSQL (server/supervisor.ts).
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';

/**
 * The one line printed when the start fails. A failed query's message carries its SQL and its
 * parameters (addresses, password hashes), so of that only what the database said is shown.
 */
function reason(error) {
  if (!(error instanceof Error)) return String(error);
  const message =
    'query' in error && 'params' in error
      ? `データベースの処理に失敗しました（${error.cause instanceof Error ? error.cause.message : '原因不明'}）。`
      : error.message;
  return message.replace(/\s*\n\s*/g, ' ');
}

const entry = new URL('../build/server/index.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('シューログを起動できませんでした: build/server/index.js がありません。先に npm run build を実行してください。');
  process.exit(1);
}
try {
  const { prepareDatabase, start, superviseWorkers, workerCount } = await import(entry.href);
  const count = cluster.isPrimary ? workerCount(process.env) : 1;
  if (count > 1) {
    // Migrations and the first seed run once, here, before the workers open the database.
    await prepareDatabase();
    await superviseWorkers({ count });
  } else {
    await start();
  }
} catch (error) {
  // One clear line for the errors a person can fix (a locked DATA_DIR, a missing setting, demo
  // accounts on a production database), each saying what to do, in Japanese.
  console.error(`シューログを起動できませんでした: ${reason(error)}`);
  if (cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0) process.exitCode = 1;
  else process.exit(1);
}
