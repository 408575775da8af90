// Seeds the demo into the data directory given as the argument, once per browser-test run
// (playwright.config.ts runs it before the shared server starts), with the built server's own
// start-up (migrations, the demo seed, the planner's statistics), and closes it cleanly. The
// shared server and every test that starts a demo server of its own begin from a copy
// (copySeededDataDir): the seed is the larger part of a demo server's start, and the same work
// each time (docs/decisions/086).
//
//   DEMO_DATA=1 NODE_ENV=production … node --import tsx tests/support/seed-data-dir.ts DIR
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: seed-data-dir.ts DIR');
rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = resolve(dir);
const { prepareDatabase } = (await import(new URL('../../build/server/index.js', import.meta.url).href)) as {
  prepareDatabase: () => Promise<void>;
};
await prepareDatabase();
