import pg from 'pg';
import { postPath } from '../../app/features/posts/post-types';
import { type AppServer, startAppServer, Visitor } from '../../tests/support/app-servers';
import { startRoundRobinProxy } from '../../tests/support/round-robin-proxy';
import { PRODUCTION_ENV } from '../../tests/support/server-process';
import { loadPages, log, postgresCaseDatabase, type CaseStamp, caseStamp, writeCaseResult } from './import';
import { type Measurement, ms } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 25;
const TRIALS = 5;
const DEMO_COMPANIES = 320;
const companyPage = () => `/companies/${1 + Math.floor(Math.random() * DEMO_COMPANIES)}?v=${Math.floor(Math.random() * 1e9)}`;

export type ServersCase = CaseStamp & {
  pages: { one: Measurement; two: Measurement };
  /** Milliseconds from the change's answer on one server until the other showed it, each trial. */
  lagMs: { personal: number[]; publication: number[]; search: number[] };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export function serversCaseLines(result: ServersCase): string[] {
  const row = (m: Measurement) => `| ${m.name} | ${m.requestsPerSecond} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.errors} |`;
  const lag = (name: string, values: number[]) =>
    `| ${name} | ${Math.round(median(values))} | ${Math.round(Math.max(...values))} | ${values.length} |`;
  return [
    `# Benchmark, servers case (PostgreSQL, demo data, commit ${result.commit})`,
    '',
    `Production servers on one database behind a round-robin proxy (a Node process on the same 2 cores), company pages (uncached) on ${CONNECTIONS} connections for ${SECONDS} s.`,
    '',
    '| through the proxy | req/s | p50 ms | p95 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row(result.pages.one),
    row(result.pages.two),
    '',
    "| a change through one server, seen by the other's | median ms | slowest ms | trials |",
    '|---|---:|---:|---:|',
    lag('personal call: a favorite added', result.lagMs.personal),
    lag('post page: a moderator approves a post', result.lagMs.publication),
    lag('company search: a company added in /admin', result.lagMs.search),
  ];
}

/** Milliseconds until `seen` holds, asking every 5 ms (at most 30 s). */
async function lagUntil(seen: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await seen())) {
    if (performance.now() - started > 30_000) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

export async function runServersBench() {
  const database = await postgresCaseDatabase('servers', 'several servers');
  const proxy = await startRoundRobinProxy();
  const env = {
    ...PRODUCTION_ENV,
    DEMO_DATA: '1',
    PUBLIC_ORIGIN: proxy.url,
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: '1',
    // info for the line that says where a server listens; no request lines.
    LOG_LEVEL: 'info',
    LOG_REQUESTS: '0',
  };
  const servers: AppServer[] = [];
  const client = new pg.Client({ connectionString: database.url });
  let result: ServersCase;
  try {
    log('starting one server (it seeds the demo)');
    servers.push(await startAppServer(env));
    proxy.upstreams.push(servers[0]!.url);
    const measure = async (name: string) => {
      await loadPages(3, companyPage, proxy.url, CONNECTIONS).done;
      const load = loadPages(SECONDS, companyPage, proxy.url, CONNECTIONS);
      await load.done;
      const measurement = await load.stop(name);
      log(`${name}: ${measurement.requestsPerSecond} req/s, p99 ${ms(measurement.p99)} ms`);
      return measurement;
    };
    const one = await measure('one server');
    servers.push(await startAppServer(env));
    proxy.upstreams.push(servers[1]!.url);
    const two = await measure('two servers');
    const [a, b] = [servers[0]!.url, servers[1]!.url];
    await client.connect();

    log('measuring the lag of each copy in memory');
    const student = new Visitor(a, '10.77.0.1');
    await student.logIn('student20@shulog.example');
    const favorites = async (base: string) =>
      (
        (await (await student.call('GET', '/api/v1/personal?page=%2Fcompanies', undefined, base)).json()) as {
          favoriteCompanyIds: number[];
        }
      ).favoriteCompanyIds;
    const personal: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const companyId = 200 + trial;
      await favorites(b);
      await student.form('/mypage/favorites', { company_id: String(companyId) }, a);
      personal.push(await lagUntil(async () => (await favorites(b)).includes(companyId)));
    }

    const moderator = new Visitor(a, '10.77.0.2');
    await moderator.logIn('admin@shulog.example');
    const { rows: submitted } = await client.query<{ id: number; type: string; revision: number }>(
      `SELECT p.id, p.type, r.revision FROM posts p JOIN post_revisions r ON r.post_id = p.id AND r.status = 'submitted'
        WHERE p.status = 'submitted' ORDER BY p.id LIMIT ${TRIALS}`,
    );
    const publication: number[] = [];
    for (const post of submitted) {
      const path = postPath(post.type as Parameters<typeof postPath>[0], post.id);
      await moderator.page(`/admin/posts/${post.id}`, a);
      await moderator.form(`/admin/posts/${post.id}`, { intent: 'approve', revision: String(post.revision) }, a);
      publication.push(await lagUntil(async () => (await fetch(`${b}${path}`)).status === 200));
    }

    const { rows: ids } = await client.query<{ industry: number; prefecture: number }>(
      `SELECT (SELECT id FROM industries ORDER BY id LIMIT 1) AS industry, (SELECT id FROM prefectures ORDER BY id LIMIT 1) AS prefecture`,
    );
    const search: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const name = `株式会社ベンチ計測${'アイウエオ'[trial]}`;
      await moderator.page('/admin/companies/new', a);
      // The other server's catalogue is built before the change.
      await fetch(`${b}/api/company?source=incremental&company_name=${encodeURIComponent('べんち')}`);
      await moderator.form(
        '/admin/companies/new',
        {
          name,
          kana: `ベンチケイソク${'アイウエオ'[trial]}`,
          industryId: String(ids[0]!.industry),
          prefectureId: String(ids[0]!.prefecture),
          url: '',
          employeeCount: '',
          foundedYear: '',
          description: '',
        },
        a,
      );
      search.push(
        await lagUntil(async () =>
          (await (await fetch(`${b}/api/company?source=incremental&company_name=${encodeURIComponent(name)}`)).text()).includes(name),
        ),
      );
    }
    result = {
      ...caseStamp(),
      pages: { one, two },
      lagMs: { personal, publication, search },
    };
  } catch (error) {
    for (const server of servers) log(`a server's last words:\n${server.output().slice(-2000)}`);
    throw error;
  } finally {
    await client.end().catch(() => {});
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exit));
    await proxy.close();
    await database.drop();
  }
  const lines = serversCaseLines(result);
  writeCaseResult('servers', result.date, result, lines);
}
