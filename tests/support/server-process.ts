// Production server processes of their own, for tests that need a server with other settings than
// the shared one of playwright.config.ts (a second process, a restart, a configured origin).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The shared server's data directory (playwright.config.ts). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/shulog-e2e-${E2E_PORT}`;
/** The demo, seeded once per run before the shared server starts (tests/support/seed-data-dir.ts). */
export const SEEDED_DATA_DIR = `${E2E_DATA_DIR}-seeded`;

/**
 * A demo site's data directory at `target`, copied from the one seeded at the start of the run:
 * a demo server of a test's own then starts in seconds instead of seeding the same demo again.
 */
export function copySeededDataDir(target: string): void {
  rmSync(target, { recursive: true, force: true });
  cpSync(SEEDED_DATA_DIR, target, { recursive: true });
}

export type StartedServer = {
  child: ChildProcess;
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
};

/** What NODE_ENV=production requires (app/lib/config.server.ts), for servers that run as in production. */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-test-session-secret-of-more-than-32-characters',
  PUBLIC_ORIGIN: 'https://shulog.example',
  CONTACT_EMAIL: 'support@shulog.example',
  MAIL_FROM: 'シューログ <no-reply@shulog.example>',
  DEMO_DATA: '',
};

function serverEnv(env: Record<string, string>): Record<string, string> {
  return { ...(process.env as Record<string, string>), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env };
}

export function startServerProcess(env: Record<string, string>): StartedServer {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/start.js'], {
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, stdout: () => stdout, stderr: () => stderr, exit };
}

/** The state letter of /proc/PID/stat (R, S, Z…), or null when there is no such process. */
export function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? null;
  } catch {
    return null;
  }
}

export type UnreapedServer = {
  /** The server's own pid (not its parent's). */
  pid: number;
  output: () => string;
  /** Ends the parent, which lets init reap the server if it was killed. */
  release: () => void;
};

/**
 * A server whose parent never waits for it: the shell that starts it becomes `sleep`, so a killed
 * server stays a zombie, as under a supervisor that restarts it before reaping the old process
 * (Linux only: it reads /proc).
 */
export async function startUnreapedServer(env: Record<string, string>): Promise<UnreapedServer> {
  const parent = spawn(
    'sh',
    ['-c', '"$@" & echo "server pid $!"; exec sleep 600', 'sh', process.execPath, ...SERVER_NODE_FLAGS, 'server/start.js'],
    {
      env: serverEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  parent.stdout!.on('data', (chunk) => (output += chunk));
  parent.stderr!.on('data', (chunk) => (output += chunk));
  const release = () => {
    if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
  };
  for (let i = 0; i < 200; i++) {
    const pid = /^server pid (\d+)$/m.exec(output)?.[1];
    if (pid) return { pid: Number(pid), output: () => output, release };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  release();
  throw new Error(`the server did not start:\n${output}`);
}

async function waitUntilHealthy(port: number, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (exited()) throw new Error(`server exited early:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export async function waitForHealth(port: number, started: StartedServer | UnreapedServer) {
  if ('child' in started) return waitUntilHealthy(port, () => started.child.exitCode !== null, started.output);
  return waitUntilHealthy(port, () => processState(started.pid) === null || processState(started.pid) === 'Z', started.output);
}
