// PgBouncer (Debian's package) between app servers and PostgreSQL, in transaction pooling mode
// with a small pool, for the several-servers test (issue 32). Started in the foreground as a child
// of the test; as root it runs as the postgres user (PgBouncer refuses to run as root).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PgBouncer = {
  /** `databaseUrl` with PgBouncer's address instead of PostgreSQL's. */
  through(databaseUrl: string): string;
  poolSize: number;
  stop(): Promise<void>;
};

/** The pgbouncer program, or null when it is not installed (CI installs it). */
export function pgBouncerProgram(): string | null {
  for (const path of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (spawnSync(path, ['--version']).status === 0) return path;
  return null;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPgBouncer(serverUrl: string, poolSize: number): Promise<PgBouncer> {
  const program = pgBouncerProgram();
  if (!program) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'shulog-pgbouncer-'));
  chmodSync(dir, 0o755);
  const user = decodeURIComponent(server.username || 'postgres');
  // With trust, PgBouncer still wants the user listed; the password (if any) is for PostgreSQL.
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(server.password)}"\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      // node-postgres sends these at connect; PgBouncer passes application_name on by itself.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(program, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (child.exitCode !== null) return reject(new Error(`pgbouncer exited:\n${output}`));
      if (/process up|listening on/i.test(output)) return resolve();
      if (Date.now() - started > 10_000) return reject(new Error(`pgbouncer did not start:\n${output}`));
      setTimeout(check, 50);
    };
    check();
  });
  return {
    poolSize,
    through(databaseUrl: string) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
