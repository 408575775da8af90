// Imports 社員クチコミ from a CSV file into the database the server uses (DATA_DIR's PGlite, or
// DATABASE_URL); with PGlite, stop the server first (one process per DATA_DIR):
//   npm run import:employee-reviews -- reviews.csv --dry-run
//   npm run import:employee-reviews -- reviews.csv [--skip-invalid]
// The file's format and the rules: docs/decisions/029-admin-catalog.md. Imports from here have
// no moderator, so they are not in the admin area's audit log; /admin/employee_reviews is.
import { runOnServerDatabase } from './database';
import { parseCliArgs, runImportCli, USAGE } from './import-employee-reviews-cli';

const argv = process.argv.slice(2);
if (!parseCliArgs(argv)) {
  console.error(USAGE);
  process.exit(2);
}

await runOnServerDatabase(() =>
  runImportCli(argv, { out: (line) => console.log(line), err: (line) => console.error(line), progress: (line) => console.error(line) }),
);
