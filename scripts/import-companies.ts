// Imports companies from the 法人番号公表サイト's data (the Unicode CSV of a 全件 or 差分 file) into
// the database the server uses (DATA_DIR's PGlite, or DATABASE_URL); with PGlite, stop the server
// first (one process per DATA_DIR):
//   npm run import:companies -- 13_tokyo_all_20261031.csv --dry-run
//   npm run import:companies -- 13_tokyo_all_20261031.csv [--kinds=301,305]
// The rules: docs/decisions/077-company-catalogue-import.md.
import { seedReferenceData } from '../app/features/demo/seed-reference-data.server';
import { runOnServerDatabase } from './database';
import { parseCliArgs, runImportCompaniesCli, USAGE } from './import-companies-cli';

const argv = process.argv.slice(2);
if (!parseCliArgs(argv)) {
  console.error(USAGE);
  process.exit(2);
}

await runOnServerDatabase(async () => {
  // The prefectures the lines are matched against, on a database no server has started on yet.
  await seedReferenceData();
  return runImportCompaniesCli(argv, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    progress: (line) => console.error(line),
  });
});
