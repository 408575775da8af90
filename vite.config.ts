/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  // The server build also bundles server/app.ts, so that the Express app and the
  // database code it needs are compiled once, together with the routes.
  // React Router preloads route modules itself; Vite's helper for dynamic imports would add a
  // chunk to every page for the two lazy imports (badge popup, chart) that do not need it.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : { modulePreload: false },
  css: { modules: { localsConvention: 'camelCase' as const } },
  // Vitest runs components and server code directly; the React Router plugin is for builds only.
  plugins: process.env.VITEST ? [] : [reactRouter()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
}));
