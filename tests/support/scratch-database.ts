// A database of its own on a PostgreSQL server, for a test that starts server processes on it or a
// benchmark case: UTF-8 with the C.UTF-8 ctype that trigram search of Japanese needs, dropped
// (with FORCE: a server process may still hold a connection) by `drop`.
import pg from 'pg';

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createScratchDatabase(serverUrl: string, name: string): Promise<ScratchDatabase> {
  await asAdmin(serverUrl, `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_CTYPE 'C.UTF-8' LC_COLLATE 'C.UTF-8'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
