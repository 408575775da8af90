import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './server/node-flags';

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? `/tmp/shulog-e2e-${port}`;

// Browser tests run against the production build (`npm run test:e2e` builds first) with
// Debian's Chromium; nothing here downloads a browser.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // One test at a time, except the read-only walk of every route (accessibility.spec.ts), which
  // runs after all the others with two workers: it is most of the suite's time.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  projects: [
    {
      name: 'desktop',
      testIgnore: /accessibility\.spec\.ts/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, channel: undefined },
    },
    {
      name: 'route-walk',
      testMatch: /accessibility\.spec\.ts/,
      dependencies: ['desktop'],
      fullyParallel: true,
      workers: 2,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, channel: undefined },
    },
  ],
  webServer: {
    // A fresh data directory each run: the server migrates and seeds it, as on a new machine.
    command: `rm -rf ${e2eDataDir} && node ${SERVER_NODE_FLAGS.join(' ')} server/start.js`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: e2eDataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  },
});
