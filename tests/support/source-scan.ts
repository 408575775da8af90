// Reading the project's own source as text, for the tests that hold the code to one way of doing
// a thing (app/db/raw-statements.test.ts, app/db/transaction.server.test.ts, app/lib/tokyo-time.test.ts,
// app/features/feature-boundaries.test.ts, app/lib/errors-and-calls.test.ts, app/lib/request-reading.test.ts,
// app/lib/app-error.test.ts, app/lib/doc-references.test.ts, app/lib/page-cache.server.test.ts,
// server/route-rules.test.ts). Only tests import it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/** The TypeScript files under `dir` (a path from the repository's root), tests left out. */
export function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.posix.join(dir, entry.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !isTestFile(file) && !file.includes('/node_modules/'));
}

export function fileExists(file: string): boolean {
  return fs.existsSync(path.join(ROOT, file));
}

export function readSource(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

export function lineOf(source: string, index: number): number {
  return source.slice(0, index).split('\n').length;
}

/**
 * The template literal whose opening backtick is at `start`: its text with every `${…}` replaced
 * by `$?`, and the index just after its closing backtick. Nested templates and strings inside an
 * interpolation are skipped over, so `${cond ? sql`a` : sql``}` does not end the outer one.
 */
export function templateAt(source: string, start: number): { text: string; end: number } {
  let text = '';
  let index = start + 1;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '\\') {
      text += source.slice(index, index + 2);
      index += 2;
    } else if (char === '`') {
      return { text, end: index + 1 };
    } else if (char === '$' && source[index + 1] === '{') {
      text += '$?';
      index = skipExpression(source, index + 2);
    } else {
      text += char;
      index += 1;
    }
  }
  return { text, end: source.length };
}

/** The index just after the `}` that closes an interpolation whose body starts at `index`. */
function skipExpression(source: string, index: number): number {
  let depth = 1;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '`') index = templateAt(source, index).end;
    else if (char === "'" || char === '"') index = skipString(source, index);
    else {
      if (char === '{') depth += 1;
      if (char === '}' && --depth === 0) return index + 1;
      index += 1;
    }
  }
  return index;
}

function skipString(source: string, start: number): number {
  const quote = source[start];
  let index = start + 1;
  while (index < source.length && source[index] !== quote && source[index] !== '\n') index += source[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The text of every sql`…` template in a piece of source, interpolations as `$?`. */
export function sqlTemplates(source: string): string[] {
  return [...source.matchAll(/\bsql`/g)].map((match) => templateAt(source, match.index + 3).text);
}

/** Every place in `files` where `pattern` matches, as file:line (app/lib/errors-and-calls.test.ts). */
export function placesOf(files: string[], pattern: RegExp): string[] {
  const places: string[] = [];
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
  for (const file of files) {
    const source = readSource(file);
    for (const match of source.matchAll(global)) places.push(`${file}:${lineOf(source, match.index)}`);
  }
  return places;
}

/** The lines (file:line: text) of `files` that match `pattern`, comments left out. */
export function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readSource(file)
      .split('\n')
      .flatMap((line, index) => (!/^\s*(?:\/\/|\*|\/\*)/.test(line) && pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}
