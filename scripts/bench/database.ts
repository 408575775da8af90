// A database of the benchmark's own on the PostgreSQL server of DATABASE_URL: created empty for one
// run and dropped after it (the main run's and the import case's).
import pg from 'pg';

export async function createBenchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // BENCH_KEEP_DATABASE=1 leaves it for a look at its plans (EXPLAIN ANALYZE); drop it by hand after.
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.log(`[bench] kept the database ${name} (BENCH_KEEP_DATABASE=1)`);
        return;
      }
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
