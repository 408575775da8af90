// npm run db:restore -- FILE: unpacks a backup into an empty DATA_DIR, for the next start.
// docs/decisions/080-backups.md.
import { runRestoreCli } from './db-backup-cli';

process.exit(await runRestoreCli(process.argv.slice(2), { out: console.log, err: console.error }));
