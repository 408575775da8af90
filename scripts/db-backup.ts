// npm run db:backup -- FILE: a consistent copy of the embedded database (DATA_DIR), taken by the
// running server if there is one (the site keeps answering), or here. docs/decisions/080-backups.md.
import { runBackupCli } from './db-backup-cli';

process.exit(await runBackupCli(process.argv.slice(2), { out: console.log, err: console.error }));
