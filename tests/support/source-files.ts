// The project's own source files, for the tests that hold the code to one way of doing a thing
// (app/lib/request-reading.test.ts, app/lib/app-error.test.ts, server/route-rules.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The TypeScript files under `dir` (relative to the repository), tests left out. */
export function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((entry) => path.posix.join(dir, entry.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
}

export function readSource(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** The lines (file:line: text) of `files` that match `pattern`, comments left out. */
export function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readSource(file)
      .split('\n')
      .flatMap((line, index) => (!/^\s*(?:\/\/|\*|\/\*)/.test(line) && pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}
