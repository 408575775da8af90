// Child process of tests/integration/durability.test.ts: commits rows one by one on an
// on-disk PGlite and prints each committed name, until it is killed.
import { closeDatabase, db, openDatabase } from '../../app/db/client.server';
import { industries } from '../../app/db/schema';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: write-until-killed.ts DATA_DIR');
await openDatabase({ kind: 'pglite', dataDir });
process.stdout.write('ready\n');
for (let n = 0; n < 100_000; n++) {
  const name = `業界${n}`;
  await db().insert(industries).values({ name });
  process.stdout.write(`${name}\n`);
}
await closeDatabase();
