// The production server, bundled by Vite together with the routes (vite.config.ts) and
// started by server/start.js. See docs/decisions/001-stack.md.
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import type pino from 'pino';
import type { ServerBuild } from 'react-router';
import { listenForChanges } from '../app/db/changes.server';
import { closeDatabase, database, openDatabase } from '../app/db/client.server';
import { demoAccountEmails, DemoLoginsError, findDemoLogins } from '../app/features/demo/demo-logins.server';
import { isDatabaseEmpty, seedDemoData } from '../app/features/demo/seed.server';
import { seedReferenceData } from '../app/features/demo/seed-reference-data.server';
import { companyImportJobs } from '../app/features/moderation/import-companies.server';
import { employeeReviewImportJobs } from '../app/features/moderation/import-employee-reviews.server';
import { flushCompanyViews, recordCompanyView, unrecordedCompanyViews } from '../app/features/recommendations/record-company-view.server';
import { loadConfig, type Config } from '../app/lib/config.server';
import { startEmailSender, type EmailSender } from '../app/features/email/sender.server';
import { logger } from '../app/lib/logger.server';
import { parseId } from '../app/lib/http';
import { projectRoot } from '../app/lib/project-root.server';
import { csrfProtection, privateSessionResponses } from './csrf';
import { createDraftLane } from './draft-lane';
import { createFastLane } from './fast-lane';
import { clearPageCacheAfterWrites } from './page-cache-writes';
import { immutableAssets } from './immutable-assets';
import { guardRequest } from './request-guard';
import { companyPageParam, HEALTH_PATH, isFileLike, METRICS_PATH } from './route-rules';
import { httpDuration, httpRequests, isMetricsRequest, metricsText, reportEmailQueue } from '../app/lib/metrics.server';
import { countEmailQueue } from '../app/features/email/queue.server';
import { createRouteMatcher } from './shared-pages';
import { fullRoutePath } from './moderator-area';
import { pagePathOf } from './route-patterns';
import { withModeratorArea } from './moderator-area';
import { withAppErrorAnswers } from './route-errors';
import { answerUnroutedMethods, ROUTED_METHODS, withMethodAnswers } from './route-methods';
import { createVisitorPages } from './visitor-pages';
import { createPersonalCall } from './personal-call';
import { createKeptPageTest, createSharedPageTest } from './shared-pages';
import { isMemberSession } from '../app/features/accounts/membership.server';
import { sessionIdOf } from '../app/lib/cookies';
import type { Audience } from '../app/lib/shared-page';
import { loggedUrl } from '../app/lib/logged-url';
import { logWhenFinished, setRequestLogShare } from './log-url';
import { requestIdOf, requestScope } from '../app/lib/request-scope.server';
import { securityHeaders } from './security';
import { requestSessions } from '../app/features/accounts/sessions.server';
import { forgetPersonalRowsAfterWrite } from './personal-row-writes';
import { createSessionPages } from './session-pages';
import { createInFlight, type InFlight } from './in-flight';
import { type Housekeeping, startHousekeeping } from './housekeeping';
import { type ScheduledJobs, startScheduledJobs } from './scheduled-jobs';
import type { Server as NetServer } from 'node:net';
import { listenForBackups } from '../app/db/backup.server';

// For server/start.js, which runs this bundle in one or several processes.
export { superviseWorkers, workerCount } from './supervisor';

// React Router's Vite plugin provides this module at build time.
import * as rawBuild from 'virtual:react-router/server-build';
import { trustedProxy } from './client-address';

/**
 * The routes, each answering the methods it does not take with the catalog's 405
 * (server/route-methods.ts), the admin area closed to all but moderators (server/moderator-area.ts),
 * that 405 included, and a thrown AppError answered the same way everywhere (server/route-errors.ts).
 */
const build = withAppErrorAnswers(withModeratorArea(withMethodAnswers(rawBuild as unknown as ServerBuild)));

declare module 'react-router' {
  interface AppLoadContext {
    cspNonce: string;
    /** The client's address (trust proxy applies), for the login limits. */
    clientIp?: string;
    /** A shared page rendered for nobody (docs/decisions/030-shared-pages.md). */
    sharedPage?: boolean;
    /** Whom a page shared by audience is rendered for: members or visitors. */
    audience?: Audience;
  }
}

/** A company page served from the visitor cache still counts as a view of that company. */
function countCachedCompanyView(path: string) {
  const companyId = parseId(companyPageParam(path));
  if (companyId !== null) recordCompanyView({ companyId });
}

export function createApp(options: { logger: pino.Logger; clientDir: string }) {
  const { logger, clientDir } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustedProxy());

  // One JSON line per request, written when the response is done.
  app.use((req, res, next) => {
    logWhenFinished(logger, req, res, req.originalUrl);
    next();
  });
  app.use(securityHeaders);
  // Built files, before anything that reads the session: the same for everyone, kept for a year
  // by every browser (server/immutable-assets.ts). A name that is not there is express.static's
  // 404, further down.
  app.use('/assets', immutableAssets(join(clientDir, 'assets')));
  // One session lookup per request, whichever loaders ask (app/features/accounts/sessions.server.ts).
  app.use((_req, _res, next) => requestSessions.run(new Map(), next));
  app.use(compression());
  // Sessions' responses are never cached; no POST, PUT, PATCH or DELETE runs without the
  // session's CSRF token (docs/decisions/004-csrf.md).
  app.use(privateSessionResponses());
  app.use(csrfProtection());
  app.use(clearPageCacheAfterWrites());

  // Prometheus's scrape: only with the token; without it the URL is the 404 page, as if it were
  // not there (docs/decisions/078-metrics.md).
  app.get(METRICS_PATH, async (req, res, next) => {
    if (!isMetricsRequest(req.get('authorization'), loadConfig().metricsToken)) {
      next();
      return;
    }
    try {
      const text = await metricsText();
      res.setHeader('Cache-Control', 'no-store');
      res.type('text/plain; version=0.0.4; charset=utf-8').send(text);
    } catch (error) {
      logger.error({ err: error }, 'metrics not gathered');
      res.status(503).type('text/plain; charset=utf-8').send('# metrics unavailable\n');
    }
  });

  app.get(HEALTH_PATH, async (_req, res) => {
    try {
      await database().query('SELECT 1');
      res.setHeader('Cache-Control', 'no-store');
      res.json({ status: 'ok', database: database().kind });
    } catch (error) {
      logger.error({ err: error }, 'health check failed');
      res.status(503).json({ status: 'error', error: 'データベースに接続できません' });
    }
  });

  // What immutableAssets did not answer: a file of a kind it does not serve, or the 404.
  app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  // Other built files (favicon.svg): only paths that look like files reach the disk, so a
  // page request never costs a failed stat.
  const publicFiles = express.static(clientDir, { maxAge: '1h', index: false });
  app.use((req, res, next) => (isFileLike(req.path) ? publicFiles(req, res, next) : next()));

  const getLoadContext = (req: express.Request, res: express.Response) => ({
    cspNonce: String(res.locals.cspNonce),
    clientIp: req.ip ?? 'unknown',
  });
  // Visitors' pages are answered before Express (server/fast-lane.ts); sessions' pages, forms
  // and everything else come here. A method React Router does not route gets the route's 405
  // (server/route-methods.ts).
  app.use(answerUnroutedMethods(build));
  app.all('/{*splat}', createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext }));

  // Errors that escape React Router (a broken static file, a bad request body).
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 500) logger.error({ err: error, method: req.method, url: loggedUrl(req.originalUrl) }, 'request failed');
    if (res.headersSent) return;
    res.status(status).type('text/plain; charset=utf-8');
    res.send(status === 404 ? 'ページが見つかりません' : 'エラーが発生しました');
  });
  return app;
}

/** After SIGTERM, how long the handlers already running may take before the database closes. */
export const STOP_REQUESTS_MS = 10_000;

/**
 * Stops taking connections, lets the handlers already running finish (even those whose client
 * has gone: server/in-flight.ts), at most STOP_REQUESTS_MS, closes the connections left, stops
 * the email sender (the emails it is sending are marked first), then closes the database.
 */
function shutdownOn(
  server: Server,
  inFlight: InFlight,
  logger: pino.Logger,
  emailSender: EmailSender,
  housekeeping: Housekeeping,
  scheduledJobs: ScheduledJobs,
  backups: NetServer | null,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, requests: inFlight.count }, 'shutting down');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (!(await inFlight.drain(STOP_REQUESTS_MS)))
      logger.warn({ requests: inFlight.count, ms: STOP_REQUESTS_MS }, 'requests still running at shutdown; the database closes under them');
    server.closeAllConnections();
    await closed;
    try {
      await emailSender.stop();
      await housekeeping.stop();
      await scheduledJobs.stop();
      backups?.close();
      // A running import stops at its batch's end, marked 中断 (docs/decisions/054, 077).
      await employeeReviewImportJobs.stopAll();
      await companyImportJobs.stopAll();
      await flushCompanyViews().catch((error: unknown) =>
        logger.error({ err: error, views: unrecordedCompanyViews() }, 'company views not recorded at shutdown; they are lost'),
      );
      await closeDatabase();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'database close failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

export async function openConfiguredDatabase(config: Config) {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, listenUrl: config.databaseListenUrl })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
}

/**
 * What a new or reopened database needs before the site serves it. An empty database gets the
 * demo data, except in production, where it gets only the reference data (prefectures,
 * industries) unless DEMO_DATA=1 asks for a demo site. In production, demo accounts that still
 * log in with the README's password stop the start, unless DEMO_DATA=1, which is then said in the
 * log at every start (docs/decisions/049-production-start.md).
 */
async function prepareContent(config: Config, logger: pino.Logger) {
  const demoAllowed = !config.production || config.demoData;
  const empty = await isDatabaseEmpty();
  if (empty && demoAllowed) {
    const seedStart = Date.now();
    await seedDemoData();
    logger.info({ ms: Date.now() - seedStart }, 'empty database: demo data seeded');
  } else if (!demoAllowed) {
    // Every site needs the prefectures and industries its companies point at; rows already there
    // stay as they are. Also after `npm run admin:create` made the first account.
    const written = await seedReferenceData();
    if (empty) logger.info(written, 'empty database: no demo data in production; reference data (prefectures, industries) written');
    else if (written.prefectures + written.industries > 0) logger.info(written, 'reference data (prefectures, industries) written');
  }
  if (!config.production) return;
  if (config.demoData) {
    const emails = demoAccountEmails();
    logger.warn(
      { demoAccounts: `${emails[0]}, ${emails[1]} … ${emails.at(-1)}` },
      'DEMO_DATA=1: a demo site, not a real one; the demo accounts log in with the password printed in the README',
    );
    return;
  }
  const logins = await findDemoLogins();
  if (logins.length > 0) throw new DemoLoginsError(logins);
}

/**
 * Opens (and so migrates) the database; the process that prepares it (the only one, or the
 * supervisor before its workers) also seeds it and checks it for demo accounts.
 */
async function openAndSeed(config: Config, logger: pino.Logger, prepare = true) {
  const started = Date.now();
  const db = await openConfiguredDatabase(config);
  logger.info({ database: db.kind, ms: Date.now() - started }, 'database ready');
  if (prepare) {
    try {
      await prepareContent(config, logger);
    } catch (error) {
      // Refused (demo accounts) or failed: the database is closed cleanly before the process exits.
      await closeDatabase();
      throw error;
    }
  }
  if (db.kind === 'pglite') {
    // PGlite runs no autovacuum worker, so nothing else ever gathers the planner's statistics:
    // without them it chose a sequential scan of the whole audit log for /mypage's notices
    // (11 ms instead of under 1). ANALYZE samples a bounded number of rows per table.
    const analyzeStart = Date.now();
    await db.query('ANALYZE');
    logger.info({ ms: Date.now() - analyzeStart }, 'planner statistics gathered');
  }
}

/**
 * Migrates and seeds the database once, before several server processes start
 * (server/supervisor.ts): they must not race to create the same tables.
 */
export async function prepareDatabase() {
  const config = loadConfig();
  await openAndSeed(config, logger());
  await closeDatabase();
}

/**
 * Counts each answered request and its time by the route pattern it matched (a bounded set of
 * labels: app/routes.ts, plus assets, the health check, the metrics and unmatched URLs).
 */
function measureRequests(build: ServerBuild) {
  const match = createRouteMatcher(build);
  const patterns = new Map<string, string>();
  const routeOf = (path: string): string => {
    if (path.startsWith('/assets/')) return 'assets';
    if (path === HEALTH_PATH || path === METRICS_PATH) return path;
    const id = match(pagePathOf(path));
    if (id === undefined) return 'unmatched';
    let pattern = patterns.get(id);
    if (pattern === undefined) {
      pattern = `/${fullRoutePath(build.routes, id)}`;
      patterns.set(id, pattern);
    }
    return pattern;
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const done = httpDuration.startTimer();
    res.once('finish', () => {
      const route = routeOf((req.url ?? '/').split('?')[0]!);
      const method = ROUTED_METHODS.has(req.method ?? '') ? req.method! : 'OTHER';
      done({ route, method });
      httpRequests.inc({ route, method, status: String(res.statusCode) });
    });
  };
}

export async function start() {
  const config = loadConfig();
  const log = logger();
  const started = Date.now();
  const clientDir = join(projectRoot(), 'build', 'client');
  if (!existsSync(clientDir)) throw new Error('build/client がありません。先に npm run build を実行してください。');

  // Workers of a supervisor (server/supervisor.ts) open a database it has prepared already.
  await openAndSeed(config, log, cluster.isPrimary);
  // `npm run db:backup` asks this process, which owns the embedded database, over DATA_DIR/backup.sock
  // (docs/decisions/080-backups.md).
  const backups = database().kind === 'pglite' ? await listenForBackups(config.dataDir, database()) : null;
  // Imports a stopped process left running are 中断 (docs/decisions/054-streamed-imports.md): all
  // of them on PGlite (this process is alone on DATA_DIR), those gone silent on PostgreSQL.
  const alone = database().kind === 'pglite' ? 'alone' : 'shared';
  await employeeReviewImportJobs.interruptAbandoned({ atStart: alone });
  await companyImportJobs.interruptAbandoned({ atStart: alone });
  // What is kept in memory follows the database's announcements of changes (decisions 071–073).
  listenForChanges();

  const app = createApp({ logger: log, clientDir });
  // Visitors' pages come from a short-lived cache; a cached company page still counts a view.
  const visitorPages = createVisitorPages({
    build,
    mode: process.env.NODE_ENV,
    logger: log,
    onHit: countCachedCompanyView,
  });
  const fastLane = createFastLane({
    logger: log,
    visitorPages,
    isSharedPage: createSharedPageTest(build),
    personalCall: createPersonalCall({ logger: log }),
    audienceOf: async (req) => ((await isMemberSession(sessionIdOf(req.headers.cookie))) ? 'member' : 'visitor'),
    isKeptForSession: createKeptPageTest(build),
    sessionPages: createSessionPages({ build, mode: process.env.NODE_ENV, logger: log }),
  });
  const draftLane = createDraftLane({ logger: log });
  const inFlight = createInFlight();
  setRequestLogShare(config.requestLogShare);
  const measure = measureRequests(build);
  reportEmailQueue(countEmailQueue);
  const server = createServer((req, res) => {
    inFlight.track(res);
    measure(req, res);
    const id = requestIdOf(req);
    res.setHeader('X-Request-Id', id);
    // What is logged while this request runs names it (app/lib/request-scope.server.ts).
    requestScope.run({ id }, () => {
      if (guardRequest(req, res, log)) return;
      // Whichever lane answers a write, the session's rows and pages kept in memory go when it does.
      forgetPersonalRowsAfterWrite(req, res);
      if (!fastLane(req, res) && !draftLane(req, res)) app(req, res);
    });
  });
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  // Every server process sends the queued emails (docs/decisions/027-email-queue.md).
  const emailSender = startEmailSender({ logger: log });
  // Old rows pruned once an hour by one process of the site (docs/decisions/079-housekeeping.md).
  const housekeeping = startHousekeeping({ logger: log });
  // The digests and reminders at 8:00 Tokyo time, each slot run by one process (decision 083).
  const scheduledJobs = startScheduledJobs({ logger: log });
  shutdownOn(server, inFlight, log, emailSender, housekeeping, scheduledJobs, backups);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ url: `http://${config.host}:${port}/`, ms: Date.now() - started }, 'listening');
  return server;
}
