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

/**
 * Every module the root route loads statically (the site's frame: header, footer, snack bar, the
 * call client and their helpers), found when the client build has parsed them all. Every page
 * loads all of them, so they go in one chunk instead of twenty small ones shared between the
 * root and the routes: a page needs fewer requests before its first paint and loads no byte more
 * (docs/decisions/087-one-chunk-for-the-site-frame.md).
 */
const rootModules = new Set<string>();
const ROOT_ROUTE = /\/app\/root\.tsx(?:\?|$)/;
const rootClosure: Plugin = {
  name: 'shulog:root-closure',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  buildEnd() {
    rootModules.clear();
    const queue = [...this.getModuleIds()].filter((id) => ROOT_ROUTE.test(id));
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (rootModules.has(id)) continue;
      rootModules.add(id);
      queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
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
            // instead of several: files that every page loads compress better together. The same
            // for the site's own modules that every page loads (rootModules).
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK_MODULES, priority: 2 },
                { name: 'site', test: (id) => rootModules.has(id), priority: 1 },
              ],
            },
          },
        },
      },
  css: { modules: { localsConvention: 'camelCase' as const } },
  // Vitest runs components and server code directly; the React Router plugin is for builds only.
  plugins: process.env.VITEST ? [] : [reactRouter(), rootClosure, compressedAssets],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/*.test.ts', 'tests/integration/**/*.test.ts'],
    // Worker threads, not child processes: each file starts in a thread of the same process. The
    // whole suite took 115 s and 203 CPU-s instead of 131 s and 236 CPU-s (docs/decisions/065).
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
}));
