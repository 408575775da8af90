// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Enforces ARCHITECTURE.md's "Rules of the house" on imports: the one-way layers and the
// feature-to-feature directions of docs/decisions/005-feature-dependencies.md.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DECISION = 'docs/decisions/005-feature-dependencies.md';
const FEATURES = 'app/features';

type Import = { file: string; line: number; specifier: string; target: string };

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((entry) => path.posix.join(dir, entry.split(path.sep).join('/')))
    .filter((file) => /\.tsx?$/.test(file) && !isTestFile(file));
}

// Statement-anchored, so that a specifier quoted in a comment or a string is not taken for an
// import; `[^;'"]*?` lets an import list span several lines.
const IMPORT_PATTERNS = [
  /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1/gm,
  /^[ \t]*import\s*(['"])([^'"\n]+)\1/gm,
  // Also catches `typeof import('...')` in types, which is a dependency all the same.
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

// Relative specifiers only: tsconfig has no path aliases, so anything else is a package.
function relativeImports(file: string): Import[] {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[2]!;
      if (!specifier.startsWith('.')) continue;
      const at = match.index + match[0].lastIndexOf(specifier);
      found.push({
        file,
        line: source.slice(0, at).split('\n').length,
        specifier,
        target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
      });
    }
  }
  return found;
}

function featureOf(repoPath: string): string | null {
  const parts = repoPath.split('/');
  return parts[0] === 'app' && parts[1] === 'features' && parts.length >= 3 ? parts[2]! : null;
}

// The callee file inside its feature folder, as the table's "(... only)" names it.
const fileInFeature = (target: string) =>
  target
    .split('/')
    .slice(3)
    .join('/')
    .replace(/\.(?:tsx?|jsx?)$/, '');

type Callee = { feature: string; only: string[] | null };
type Row = { caller: string; coming: boolean; callees: Callee[] };

// Splits on commas outside parentheses, so that `posts (a, b only)` stays one callee.
function splitTopLevel(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += char;
  }
  items.push(current.trim());
  return items;
}

function readAllowedTable(): { rows: Row[]; problems: string[] } {
  const lines = fs.readFileSync(path.join(ROOT, DECISION), 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*caller\b/.test(line.trim()));
  if (header < 0) return { rows: [], problems: [`${DECISION}: no table whose header starts with "| caller"`] };
  const rows: Row[] = [];
  const problems: string[] = [];
  // header + 1 is the |---| separator.
  for (let index = header + 2; index < lines.length && lines[index]!.trim().startsWith('|'); index++) {
    const where = `${DECISION}:${index + 1}`;
    const cells = lines[index]!.trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.replaceAll('`', '').trim());
    const caller = /^([a-z0-9-]+)(\s+\(coming\))?$/.exec(cells[0] ?? '');
    if (!caller) {
      problems.push(`${where}: caller "${cells[0]}" is not one feature name (optionally followed by "(coming)")`);
      continue;
    }
    const callees: Callee[] = [];
    const list = cells[1] ?? '';
    if (!/^(?:—|-|)$/.test(list)) {
      for (const item of splitTopLevel(list)) {
        const callee = /^([a-z0-9-]+)(?:\s*\(([^()]+?)\s+only\))?$/.exec(item);
        if (!callee) problems.push(`${where}: cannot read callee "${item}" (expected "name" or "name (file, ... only)")`);
        else callees.push({ feature: callee[1]!, only: callee[2] ? callee[2].split(',').map((file) => file.trim()) : null });
      }
    }
    rows.push({ caller: caller[1]!, coming: Boolean(caller[2]), callees });
  }
  return { rows, problems };
}

const existingFeatures = fs
  .readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const describeImport = (entry: Import) => `${entry.file}:${entry.line} imports '${entry.specifier}'`;

describe('feature boundaries (docs/decisions/005-feature-dependencies.md)', () => {
  const { rows, problems: tableProblems } = readAllowedTable();

  it('has a readable table that names real or coming features, one row per feature folder', () => {
    const problems = [...tableProblems];
    const known = new Set([...existingFeatures, ...rows.filter((row) => row.coming).map((row) => row.caller)]);
    const seen = new Set<string>();
    for (const row of rows) {
      if (seen.has(row.caller)) problems.push(`${DECISION}: "${row.caller}" has more than one row`);
      seen.add(row.caller);
      if (!row.coming && !existingFeatures.includes(row.caller)) {
        problems.push(`${DECISION}: caller "${row.caller}" is not a folder under ${FEATURES}/ (mark it "(coming)" if it is planned)`);
      }
      for (const callee of row.callees) {
        if (!known.has(callee.feature))
          problems.push(`${DECISION}: "${row.caller}" may import "${callee.feature}", which neither exists nor is coming`);
      }
    }
    for (const feature of existingFeatures) {
      if (!seen.has(feature)) problems.push(`${DECISION}: ${FEATURES}/${feature} has no row (write "—" if it imports no feature)`);
    }
    expect(problems, `${DECISION} needs fixing`).toEqual([]);
  });

  it('allows every import from one feature folder into another', () => {
    const allowed = new Map(rows.map((row) => [row.caller, row.callees]));
    const violations: string[] = [];
    for (const file of sourceFiles(FEATURES)) {
      const caller = featureOf(file);
      if (!caller) continue;
      for (const entry of relativeImports(file)) {
        const callee = featureOf(entry.target);
        if (!callee || callee === caller) continue;
        const rule = allowed.get(caller)?.find((candidate) => candidate.feature === callee);
        const calleeFile = fileInFeature(entry.target);
        if (!rule) violations.push(`${describeImport(entry)}: ${caller} → ${callee} is not allowed`);
        else if (rule.only && !rule.only.includes(calleeFile)) {
          violations.push(`${describeImport(entry)}: ${caller} may import only ${rule.only.join(', ')} of ${callee}, not ${calleeFile}`);
        }
      }
    }
    expect(violations, `Imports between features not allowed by ${DECISION}: add a row with a reason there, or go through a route`).toEqual(
      [],
    );
  });

  it('keeps imports one way: lib, db, ui → features → routes', () => {
    // root.tsx is the root route module, so it sits on the routes side.
    const isRoutes = (target: string) =>
      target === 'app/routes' || target.startsWith('app/routes/') || /^app\/(?:routes|root)(?:\.tsx?)?$/.test(target);
    const isFeatures = (target: string) => target === FEATURES || target.startsWith(`${FEATURES}/`);
    const violations: string[] = [];
    for (const layer of ['app/lib', 'app/db', 'app/ui']) {
      for (const file of sourceFiles(layer)) {
        for (const entry of relativeImports(file)) {
          if (isFeatures(entry.target) || isRoutes(entry.target))
            violations.push(`${describeImport(entry)}: ${layer} may not import features or routes`);
        }
      }
    }
    for (const file of sourceFiles(FEATURES)) {
      for (const entry of relativeImports(file)) {
        if (isRoutes(entry.target)) violations.push(`${describeImport(entry)}: features may not import routes`);
      }
    }
    expect(violations, 'Imports against the layer rule of ARCHITECTURE.md ("Rules of the house")').toEqual([]);
  });
});
