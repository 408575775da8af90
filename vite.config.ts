/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { writeCompressedCopies } from './server/immutable-assets.ts';

// react-router's package exports always name its development build (remix-run/react-router
// #14102), so production builds would ship its warnings and checks. Builds point the two entry
// points at the production files and bundle the server adapters with them, so the server runs
// one copy. See docs/decisions/014-react-router-production-build.md.
const routerDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const productionRouter = [
  { find: /^react-router$/, replacement: routerDist('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
];

const FRAMEWORK_MODULES = /\/node_modules\/(?:react|react-dom|react-router|scheduler)\/|vite\/preload-helper/;

/**
 * The client build's assets, compressed once here rather than on every request
 * (server/immutable-assets.ts answers them from memory).
 */
const compressedAssets: Plugin = {
  name: 'shulog:compressed-assets',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  writeBundle(options) {
    if (options.dir) writeCompressedCopies(`${options.dir}/assets`);
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: command === 'build' && !process.env.VITEST ? { alias: productionRouter } : {},
  ssr: { noExternal: ['@react-router/express', '@react-router/node'] },
  // The server build also bundles server/app.ts, so that the Express app and the
  // database code it needs are compiled once, together with the routes.
  // React Router preloads route modules itself, so Vite's module preloads are off.
  build: isSsrBuild
    ? { rollupOptions: { input: './server/app.ts' } }
    : {
        modulePreload: false,
        rolldownOptions: {
          output: {
            // One framework chunk (React, React DOM, React Router and Vite's small preload helper)
            // instead of several: files that every page loads compress better together.
            codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK_MODULES }] },
          },
        },
      },
  css: { modules: { localsConvention: 'camelCase' as const } },
  // Vitest runs components and server code directly; the React Router plugin is for builds only.
  plugins: process.env.VITEST ? [] : [reactRouter(), compressedAssets],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/*.test.ts', 'tests/integration/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
}));
