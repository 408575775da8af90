// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every package the project installs has a row saying why in the table of
// docs/decisions/012-dependencies.md (docs/decisions/001-stack.md), and the table names nothing
// the project no longer installs, nor one package twice.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DECISION = 'docs/decisions/012-dependencies.md';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const installed = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];

/** The package names of the table's first column (`@types/*` stands for every @types package). */
function tableNames(): string[] {
  const lines = fs.readFileSync(path.join(ROOT, DECISION), 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*package\s*\|/.test(line));
  const names: string[] = [];
  for (let index = header + 2; header >= 0 && index < lines.length && lines[index]!.startsWith('|'); index++) {
    const cell = lines[index]!.split('|')[1] ?? '';
    names.push(...cell.split(',').map((name) => name.trim()));
  }
  return names;
}

const covers = (row: string, name: string) => row === name || (row.endsWith('/*') && name.startsWith(row.slice(0, -1)));

describe(`the dependency table (${DECISION})`, () => {
  const rows = tableNames();

  it('has a row for every package of package.json', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(installed.filter((name) => !rows.some((row) => covers(row, name)))).toEqual([]);
  });

  it('names only packages that package.json installs', () => {
    expect(rows.filter((row) => !installed.some((name) => covers(row, name)))).toEqual([]);
  });

  it('names each package once', () => {
    expect(rows.filter((row, index) => rows.indexOf(row) !== index)).toEqual([]);
  });
});
