// A database of the benchmark's own on the PostgreSQL server of DATABASE_URL: created empty for one
// run and dropped after it (the main run's and the import case's).
import { createScratchDatabase } from '../../tests/support/scratch-database';

export async function createBenchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const database = await createScratchDatabase(serverUrl, name);
  return {
    url: database.url,
    async drop() {
      // BENCH_KEEP_DATABASE=1 leaves it for a look at its plans (EXPLAIN ANALYZE); drop it by hand after.
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.log(`[bench] kept the database ${name} (BENCH_KEEP_DATABASE=1)`);
        return;
      }
      await database.drop();
    },
  };
}
