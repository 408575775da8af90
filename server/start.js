// Entry point of `npm start` / `npm run serve`: runs the server that `npm run build` bundled,
// in one process, or in WEB_CONCURRENCY processes on PostgreSQL (server/supervisor.ts).
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';

const entry = new URL('../build/server/index.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('build/server/index.js is missing: run `npm run build` first.');
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
  // One clear line for the errors a person can fix (a locked DATA_DIR, a missing secret).
  console.error(`シューログを起動できませんでした: ${error instanceof Error ? error.message : error}`);
  if (cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0) process.exitCode = 1;
  else process.exit(1);
}
