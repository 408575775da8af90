// Entry point of `npm start` / `npm run serve`: runs the server that `npm run build` bundled.
import { existsSync } from 'node:fs';

const entry = new URL('../build/server/index.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('build/server/index.js is missing: run `npm run build` first.');
  process.exit(1);
}
const { start } = await import(entry.href);
try {
  await start();
} catch (error) {
  // One clear line for the errors a person can fix (a locked DATA_DIR, a missing secret).
  console.error(`シューログを起動できませんでした: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
