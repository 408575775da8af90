// For vitest files that start production servers: builds the app when build/ is missing or older
// than the sources (the browser tests build it before they run; a lone vitest run may not have).
// Never beside another build: one empties build/ under the other (.ci/run builds before its passes).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function newerSources(dirs: string): number {
  return Number(execSync(`find ${dirs} -type f -newer build/server/index.js | head -1 | wc -l`).toString().trim());
}

export function ensureAppBuilt(): void {
  if (existsSync('build/server/index.js') && newerSources('app server') === 0) return;
  // Vitest sets VITEST, which makes vite.config.ts leave out the React Router plugin.
  const env = { ...process.env };
  delete env.VITEST;
  execSync('npm run build --silent', { stdio: 'pipe', env });
}
