import pg from 'pg';
import { closeDatabase, db, openDatabase } from '../../app/db/client.server';
import type { PostTypeKey } from '../../app/db/enums';
import { collectNewPost } from '../../app/features/notifications/new-posts.server';
import { latestDailySlot } from '../../app/features/notifications/schedule';
import { type AppServer, startAppServer } from '../../tests/support/app-servers';
import { PRODUCTION_ENV } from '../../tests/support/server-process';
import { startSmtpSink } from '../../tests/support/smtp-sink';
import { loadPages, log, memoryMb, postgresCaseDatabase, type CaseStamp, caseStamp, writeCaseResult } from './import';
import { type Measurement, ms } from './stats';

const STUDENTS = Number(process.env.BENCH_DIGEST_STUDENTS ?? 100_000);
const FAVORITES_POPULAR = 5;
const FAVORITES_OTHER = 15;
const DEMO_COMPANIES = 320;
const OTHER_COMPANIES = 9_680;
const POSTS = 1_000;
const CONNECTIONS = 10;

export type DigestCase = CaseStamp & {
  students: number;
  notices: number;
  collectMs: number;
  run: { ms: number; emails: number; students: number; batches: number } | null;
  rssMb: { before: number | null; peak: number | null };
  pages: { before: Measurement; during: Measurement };
};

export function digestCaseLines(result: DigestCase): string[] {
  const row = (m: Measurement) => `| ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} |`;
  return [
    `# Benchmark, digest case (PostgreSQL, commit ${result.commit})`,
    '',
    `${result.students.toLocaleString('en-US')} students with ${FAVORITES_POPULAR + FAVORITES_OTHER} favorites each; ${POSTS} posts published in a day made ${result.notices.toLocaleString('en-US')} notices (collected in ${(result.collectMs / 1000).toFixed(1)} s, by the publication's code). The server's scheduler runs the daily digest (goal: ≤ 120 s, page p99 ≤ 200 ms while it runs).`,
    '',
    '| the digest run | value |',
    '|---|---:|',
    `| time | ${result.run ? `${(result.run.ms / 1000).toFixed(1)} s` : 'did not finish'} |`,
    `| emails queued | ${result.run?.emails.toLocaleString('en-US') ?? '—'} |`,
    `| batches (500 students each) | ${result.run?.batches ?? '—'} |`,
    `| server RSS before → peak | ${result.rssMb.before} → ${result.rssMb.peak} MB |`,
    '',
    `| company pages, ${CONNECTIONS} connections | req/s | p50 ms | p95 ms | p99 ms | errors |`,
    '|---|---:|---:|---:|---:|---:|',
    row(result.pages.before),
    row(result.pages.during),
  ];
}

const companyPage = () => `/companies/${1 + Math.floor(Math.random() * DEMO_COMPANIES)}?v=${Math.floor(Math.random() * 1e9)}`;

export async function runDigestBench() {
  const database = await postgresCaseDatabase('digest', 'the digest');
  const sink = await startSmtpSink();
  const env = {
    ...PRODUCTION_ENV,
    DEMO_DATA: '1',
    PUBLIC_ORIGIN: 'http://127.0.0.1:3000',
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    WEB_CONCURRENCY: '1',
    LOG_LEVEL: 'info',
    LOG_REQUESTS: '0',
  };
  let server: AppServer | undefined;
  let client: pg.Client | undefined;
  let result: DigestCase;
  try {
    log('seeding the demo (a first server)');
    server = await startAppServer(env);
    server.child.kill('SIGTERM');
    await server.exit;

    log(`adding ${STUDENTS.toLocaleString('en-US')} students, ${OTHER_COMPANIES} companies and their favorites`);
    client = new pg.Client({ connectionString: database.url });
    // The database is dropped with FORCE at the end, whatever happened: its connection's end is no error.
    client.on('error', () => {});
    await client.connect();
    await client.query(
      `INSERT INTO companies (name, kana, industry_id, prefecture_id)
       SELECT 'ベンチ企業' || n, 'ベンチキギョウ', 1 + n % 30, 1 + n % 47 FROM generate_series(1, ${OTHER_COMPANIES}) n`,
    );
    await client.query(
      `INSERT INTO users (email, password_hash, name) SELECT 'digest' || n || '@bench.example', 'x', '学生' || n FROM generate_series(1, ${STUDENTS}) n`,
    );
    const { rows: range } = await client.query<{ first: number }>(`SELECT min(id) AS first FROM companies WHERE name LIKE 'ベンチ企業%'`);
    const first = Number(range[0]!.first);
    // 5 distinct demo companies and 15 distinct others per student (steps coprime to the ranges).
    await client.query(
      `INSERT INTO favorites (user_id, company_id)
       SELECT u.id, CASE WHEN k < ${FAVORITES_POPULAR} THEN 1 + (u.id + k * 31) % ${DEMO_COMPANIES}
         ELSE ${first} + (u.id * 13 + k * 997) % ${OTHER_COMPANIES} END
       FROM users u, generate_series(0, ${FAVORITES_POPULAR + FAVORITES_OTHER - 1}) k WHERE u.email LIKE 'digest%'
       ON CONFLICT DO NOTHING`,
    );
    const slot = latestDailySlot(new Date());
    const { rows: posts } = await client.query<{
      id: number;
      type: PostTypeKey;
      title: string;
      company_id: number;
      author_id: number | null;
    }>(
      `SELECT id, type, title, company_id, author_id FROM posts WHERE status = 'published' AND company_id IS NOT NULL ORDER BY id LIMIT ${POSTS}`,
    );
    log(`collecting ${posts.length} publications for their followers`);
    await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    const collectStarted = performance.now();
    for (const post of posts) {
      await collectNewPost({
        tx: db(),
        post: { id: post.id, type: post.type, title: post.title, companyId: post.company_id, authorId: post.author_id },
        now: new Date(slot.getTime() - 60 * 60_000),
      });
    }
    const collectMs = performance.now() - collectStarted;
    await closeDatabase();
    const { rows: counted } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE kind = 'new_post'`);
    const notices = counted[0]!.n;
    log(`${notices.toLocaleString('en-US')} notices in ${(collectMs / 1000).toFixed(1)} s`);
    // The daily digest's slot is due (never run); the other jobs have run theirs.
    await client.query(`UPDATE scheduled_jobs SET slot = $1, previous_slot = $1, finished_at = now() WHERE name <> 'digest-daily'`, [
      new Date(),
    ]);
    await client.query(
      `UPDATE scheduled_jobs SET slot = 'epoch', previous_slot = 'epoch', finished_at = 'epoch' WHERE name = 'digest-daily'`,
    );
    await client.query('VACUUM ANALYZE');

    log('starting the server: its scheduler looks 10 s after start');
    server = await startAppServer(env);
    const rssBefore = memoryMb(server.child.pid!, 'VmRSS');
    // Before the run: pages alone (the first look comes 10 s after start).
    await loadPages(2, companyPage, server.url, CONNECTIONS).done;
    const beforeLoad = loadPages(5, companyPage, server.url, CONNECTIONS);
    await beforeLoad.done;
    const before = await beforeLoad.stop('before the digest');
    log(`before: ${before.requestsPerSecond} req/s, p99 ${ms(before.p99)} ms`);
    // During: pages from just before the first look until the run's line appears in the server's log.
    const runLine = () =>
      server!
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"scheduled job run"') && line.includes('"job":"digest-daily"'));
    const duringLoad = loadPages(600, companyPage, server.url, CONNECTIONS);
    const deadline = Date.now() + 10 * 60_000;
    while (!runLine() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await duringLoad.stop('during the digest');
    log(`during: ${during.requestsPerSecond} req/s, p99 ${ms(during.p99)} ms`);
    const line = runLine();
    const parsed = line ? (JSON.parse(line) as Record<string, number>) : null;
    result = {
      ...caseStamp(),
      students: STUDENTS,
      notices,
      collectMs,
      run: parsed ? { ms: parsed.ms!, emails: parsed.emails!, students: parsed.students!, batches: parsed.batches! } : null,
      rssMb: { before: rssBefore, peak: memoryMb(server.child.pid!, 'VmHWM') },
      pages: { before, during },
    };
  } catch (error) {
    if (server) log(`the server's last words:\n${server.output().slice(-2000)}`);
    throw error;
  } finally {
    await client?.end().catch(() => {});
    if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
    await server?.exit;
    await sink.close();
    await database.drop();
  }
  const lines = digestCaseLines(result);
  writeCaseResult('digest', result.date, result, lines);
}
