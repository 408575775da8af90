// Runs a notification job now (issue 33; docs/decisions/083-notifications.md), against the
// database the server uses, with the same exactly-once rules as the runs at 8:00: what a run has
// sent is recorded with it, so running it again, or while the server runs its own, sends nothing twice.
//   npm run jobs:run -- digest            the 毎日 digest of every new post collected until now
//   npm run jobs:run -- digest --weekly   the 毎週 digest
//   npm run jobs:run -- reminders         the reminders due since the last run, up to now
// PGlite (DATA_DIR): stop the server first (one process per data directory). DATABASE_URL: while it runs.
// The emails are queued; a running server sends them.
import { runJobNow } from '../app/features/notifications/scheduled-jobs.server';
import { runOnServerDatabase } from './database';

const [job] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const weekly = process.argv.includes('--weekly');
if (job !== 'digest' && job !== 'reminders') {
  console.error('Usage: npm run jobs:run -- digest [--weekly] | reminders');
  process.exit(2);
}
const started = Date.now();
await runOnServerDatabase(async () => {
  const result = await runJobNow(job === 'digest' && weekly ? 'digest-weekly' : job);
  console.log(`${job}${weekly ? ' (weekly)' : ''}: ${JSON.stringify(result)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
});
