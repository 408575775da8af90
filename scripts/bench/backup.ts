// The bench's backup case, `BENCH_ONLY=backup npm run bench` (issue 31, part 2; docs/decisions/
// 080-backups.md): the production server on the embedded database with the demo data, company
// pages opened on a few connections, and `npm run db:backup` taken from it meanwhile. It reports
// the backup's time and size, the data folder's size, and the pages' latencies (p99 and the
// longest wait) during the backup next to before it. PostgreSQL is backed up by pg_dump, not here.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTION_ENV, startServerProcess } from '../../tests/support/server-process';
import { BASE, loadPages, measurePages, PORT, waitHealthy, buildForBench, type CaseStamp, caseStamp, writeCaseResult } from './import';
import { type Measurement, ms } from './stats';

const DEMO_COMPANIES = 320;
const companyPage = () => `/companies/${1 + Math.floor(Math.random() * DEMO_COMPANIES)}?v=${Math.floor(Math.random() * 1e9)}`;

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

export type BackupCase = CaseStamp & {
  dataBytes: number;
  backup: { seconds: number; bytes: number; output: string };
  pagesBefore: Measurement;
  pagesDuring: Measurement & { longestMs: number };
};

export function backupCaseLines(result: BackupCase): string[] {
  const row = (m: Measurement) => `| ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} |`;
  return [
    `# Benchmark, backup case (PGlite, demo data, commit ${result.commit})`,
    '',
    `npm run db:backup taken from the running server (DATA_DIR ${(result.dataBytes / 1024 / 1024).toFixed(1)} MB) while company pages are opened on 4 connections.`,
    '',
    `- backup: ${result.backup.seconds} s, ${(result.backup.bytes / 1024 / 1024).toFixed(1)} MB (${result.backup.output.trim()})`,
    `- pages during the backup: p99 ${ms(result.pagesDuring.p99)} ms, longest wait ${ms(result.pagesDuring.longestMs)} ms (before it: p99 ${ms(result.pagesBefore.p99)} ms)`,
    '',
    '| company pages, random demo company, uncached | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row(result.pagesBefore),
    row(result.pagesDuring),
  ];
}

export async function runBackupBench() {
  if (process.env.DATABASE_URL) throw new Error('BENCH_ONLY=backup measures the embedded database: unset DATABASE_URL');
  buildForBench('PGlite');
  const work = join(tmpdir(), `shulog-bench-backup-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const dataDir = join(work, 'data');
  const file = join(work, 'site.tar.gz');
  const server = startServerProcess({
    ...PRODUCTION_ENV,
    PUBLIC_ORIGIN: BASE,
    PORT: String(PORT),
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  });
  let result: BackupCase;
  try {
    await waitHealthy(server);
    await measurePages('warm-up', 3);
    const pagesBefore = await measurePages('before the backup', Number(process.env.BENCH_SECONDS ?? 8));
    const dataBytes = await folderBytes(dataDir);
    const load = loadPages(3600, companyPage);
    const started = performance.now();
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('node', ['--import', 'tsx', 'scripts/db-backup.ts', file], { env: { ...process.env, DATA_DIR: dataDir } });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk;
      });
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`db:backup exited with ${code}: ${text}`))));
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const pagesDuring = await load.stop('during the backup');
    result = {
      ...caseStamp(),
      dataBytes,
      backup: { seconds, bytes: statSync(file).size, output },
      pagesBefore,
      pagesDuring: { ...pagesDuring, longestMs: pagesDuring.max ?? Number.NaN },
    };
  } finally {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exit;
    }
    rmSync(work, { recursive: true, force: true });
  }
  const lines = backupCaseLines(result);
  writeCaseResult('backup-pglite', result.date, result, lines);
}
