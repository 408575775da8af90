import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './server/node-flags';
import { CHROMIUM_PATH } from './tests/support/chromium';
import { MAIL_SINK_HTTP_PORT, MAIL_SINK_SMTP_PORT, MAIL_SINK_SMTP_URL } from './tests/support/e2e-mail';
import { E2E_DATA_DIR, PRODUCTION_ENV, SEEDED_DATA_DIR } from './tests/support/server-process';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The bearer token /metrics asks for on the tests' server (docs/decisions/078-metrics.md). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/** The route fuzz, against a server of its own: the longest file of the run. */
const FUZZ = /robustness\.spec\.ts/;
/** Other spec files that start servers of their own and touch nothing of the shared one. */
const OWN_SERVERS = /(server-process|production-start)\.spec\.ts/;
/**
 * The files of the longest flows on the shared server (a tracker company through every step, a
 * server killed after a save, a sign-up from an article: 15–26 s each). Alphabetically they came
 * last, and the run ended with two of them beside an idle third worker.
 */
const LONG_FLOWS = /(posting|signup-return|tracker)\.spec\.ts/;
/** Every project's browser: a desktop Chromium at 1280 px (a test sets a phone's viewport itself). */
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, channel: undefined };

// Browser tests run against the production build (`npm run test:e2e` builds first), served as in
// production, with Debian's Chromium; nothing here downloads a browser.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: [['list']],
  // Three workers share two cores: the long flows (post, send back, correct, send again) take
  // ~40 s alone and half as long again beside the others. A test still fails on its first try.
  timeout: 90_000,
  // A condition (a message shown, a URL reached) may take longer than Playwright's 5 s to come true
  // when every core is busy for the whole run, as on CI: each expectation waits up to 10 s for it.
  // A test still fails on the first try, and nothing is clicked twice.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The browser tests mostly wait (an autosave's pause, a notice's time, a page load): one worker
  // used a third of CI's two cores, so files run side by side.
  // The longest files start first and the short ones fill the end (the run ends when its last file
  // does): the fuzz, the longest file by far, from the first second on a worker of its own (after
  // the production starts and restarts it ended the run by two minutes); the files that start
  // servers of their own (production starts, restarts) one at a time beside it, on ports of their
  // own; the walks of every route take the next workers and depend on no other file (a failing
  // desktop test skips none of them); the tests that share the one production server follow, the
  // longest flows first, with students and data of their own (tests/support/e2e-students.ts).
  // E2E_WORKERS sets the number of workers (3 by default).
  projects: [
    {
      name: 'fuzz',
      testMatch: FUZZ,
      workers: 1,
      use: DESKTOP,
    },
    {
      name: 'own-servers',
      testMatch: OWN_SERVERS,
      workers: 1,
      use: DESKTOP,
    },
    {
      name: 'route-walk',
      testMatch: /accessibility\.spec\.ts/,
      fullyParallel: true,
      use: DESKTOP,
    },
    {
      name: 'long-flows',
      testMatch: LONG_FLOWS,
      fullyParallel: true,
      use: DESKTOP,
    },
    {
      name: 'desktop',
      testIgnore: [/accessibility\.spec\.ts/, FUZZ, OWN_SERVERS, LONG_FLOWS],
      // Test by test, not file by file: a long file left for last (the tracker's nine flows) ran
      // on one worker while the others idled, a minute and a half of a CI run on half a core.
      fullyParallel: true,
      use: DESKTOP,
    },
  ],
  webServer: [
    {
      // The mail server the shared server sends through; the tests read what arrived over HTTP.
      command: `SMTP_PORT=${MAIL_SINK_SMTP_PORT} HTTP_PORT=${MAIL_SINK_HTTP_PORT} node --import tsx tests/support/mail-sink-process.ts`,
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // As students get it (NODE_ENV=production: React's production build, secure cookies, its
      // emails through SMTP), as a public demo (DEMO_DATA=1) so that the demo's accounts log in.
      // A fresh data directory each run: the demo is seeded once by the built server's own start-up,
      // and the server starts on a copy; tests that start demo servers of their own copy it too.
      command: [
        `node --import tsx tests/support/seed-data-dir.ts ${SEEDED_DATA_DIR}`,
        `rm -rf ${E2E_DATA_DIR}`,
        `cp -r ${SEEDED_DATA_DIR} ${E2E_DATA_DIR}`,
        `node ${SERVER_NODE_FLAGS.join(' ')} server/start.js`,
      ].join(' && '),
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...PRODUCTION_ENV,
        DEMO_DATA: '1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        SMTP_URL: MAIL_SINK_SMTP_URL,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        METRICS_TOKEN: E2E_METRICS_TOKEN,
      },
    },
  ],
});
