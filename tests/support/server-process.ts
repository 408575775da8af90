// Production server processes of their own, for tests that need a server with other settings than
// the shared one of playwright.config.ts (a second process, a restart, a configured origin).
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

export type StartedServer = {
  child: ChildProcess;
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
};

export function startServerProcess(env: Record<string, string>): StartedServer {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/start.js'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
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

export async function waitForHealth(port: number, started: StartedServer) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${started.output()}`);
}
