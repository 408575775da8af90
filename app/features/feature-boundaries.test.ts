// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../../tests/support/source-scan';

// Enforces docs/product/architecture.md#rules-of-the-house on imports: the one-way layers (routes reach the
// database only through features; lib and ui only name the database's vocabulary, app/db/enums.ts)
// and the feature-to-feature directions of docs/decisions/005-feature-dependencies.md.

const DECISION = 'docs/decisions/005-feature-dependencies.md';
const FEATURES = 'app/features';

type Import = { file: string; line: number; specifier: string; target: string };

// Statement-anchored, so that a specifier quoted in a comment or a string is not taken for an
// import; `[^;'"]*?` lets an import list span several lines.
const IMPORT_PATTERNS = [
  /^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1/gm,
  /^[ \t]*import\s*(['"])([^'"\n]+)\1/gm,
  // Also catches `typeof import('...')` in types, which is a dependency all the same.
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

const importOf = (file: string, specifier: string, line = 1): Import => ({
  file,
  line,
  specifier,
  target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)),
});

// Relative specifiers only: tsconfig has no path aliases, so anything else is a package.
function relativeImports(file: string): Import[] {
  const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[2]!;
      if (!specifier.startsWith('.')) continue;
      const at = match.index + match[0].lastIndexOf(specifier);
      found.push(importOf(file, specifier, source.slice(0, at).split('\n').length));
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

// root.tsx is the root route module, so it sits on the routes side.
const isRoutes = (target: string) =>
  target === 'app/routes' || target.startsWith('app/routes/') || /^app\/(?:routes|root)(?:\.tsx?)?$/.test(target);
const isFeatures = (target: string) => target === FEATURES || target.startsWith(`${FEATURES}/`);
const isDatabase = (target: string) => target === 'app/db' || target.startsWith('app/db/');
/** The database's vocabulary (pure constants and types), which lib and ui may name. */
const isEnums = (target: string) => /^app\/db\/enums(?:\.ts)?$/.test(target);

/** Why an import breaks the layer rule, or null. */
function layerProblem(entry: Import): string | null {
  const { file, target } = entry;
  const layer = ['app/lib', 'app/db', 'app/ui'].find((dir) => file.startsWith(`${dir}/`));
  if (layer && (isFeatures(target) || isRoutes(target))) return `${describeImport(entry)}: ${layer} may not import features or routes`;
  if ((layer === 'app/lib' || layer === 'app/ui') && isDatabase(target) && !isEnums(target))
    return `${describeImport(entry)}: ${layer} may not reach the database (only its vocabulary, app/db/enums.ts): move the code to a feature`;
  if (isFeatures(file) && isRoutes(target)) return `${describeImport(entry)}: features may not import routes`;
  if (isRoutes(file) && isDatabase(target)) return `${describeImport(entry)}: routes reach the database only through a feature`;
  return null;
}

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

  const allowed = new Map(rows.map((row) => [row.caller, row.callees]));

  /** Why an import from one feature folder into another is not allowed by the table, or null. */
  function featureProblem(entry: Import): string | null {
    const caller = featureOf(entry.file);
    const callee = featureOf(entry.target);
    if (!caller || !callee || callee === caller) return null;
    const rule = allowed.get(caller)?.find((candidate) => candidate.feature === callee);
    const calleeFile = fileInFeature(entry.target);
    if (!rule) return `${describeImport(entry)}: ${caller} → ${callee} is not allowed`;
    if (rule.only && !rule.only.includes(calleeFile))
      return `${describeImport(entry)}: ${caller} may import only ${rule.only.join(', ')} of ${callee}, not ${calleeFile}`;
    return null;
  }

  it('allows every import from one feature folder into another', () => {
    const violations = sourceFiles(FEATURES)
      .flatMap(relativeImports)
      .map(featureProblem)
      .filter((problem) => problem !== null);
    expect(violations, `Imports between features not allowed by ${DECISION}: add a row with a reason there, or go through a route`).toEqual(
      [],
    );
  });

  it('keeps imports one way: lib, db, ui → features → routes', () => {
    const violations = ['app/lib', 'app/db', 'app/ui', FEATURES, 'app/routes', 'app/root.tsx']
      .flatMap((dir) => (dir.endsWith('.tsx') ? [dir] : sourceFiles(dir)))
      .flatMap(relativeImports)
      .map(layerProblem)
      .filter((problem) => problem !== null);
    expect(violations, 'Imports against the layer rule of docs/product/architecture.md#rules-of-the-house').toEqual([]);
  });

  it('names and refuses each crossing that issue 29 found', () => {
    const crossings = [
      // The email queue read the database from lib; it is the email feature now.
      importOf('app/lib/email/queue.server.ts', '../../db/client.server'),
      importOf('app/lib/email/transport.server.ts', '../../db/schema'),
      // Two routes took the post types and the point reasons from the database's enums.
      importOf('app/routes/admin/queue.tsx', '../../db/enums'),
      importOf('app/routes/mypage/points.tsx', '../../db/enums'),
      // The tracker built links from the posting routes table; the route hands them over now.
      importOf('app/features/tracker/components/tracker-board.tsx', '../../posts/posting-routes'),
    ];
    for (const crossing of crossings) expect(layerProblem(crossing) ?? featureProblem(crossing), describeImport(crossing)).not.toBeNull();
    // What stays allowed: lib naming the database's vocabulary, a route taking the writable types from posts.
    for (const allowedImport of [
      importOf('app/lib/viewer.ts', '../db/enums'),
      importOf('app/routes/admin/queue.tsx', '../../features/posts/posting-routes'),
      importOf('app/features/tracker/board.server.ts', '../../db/client.server'),
    ])
      expect(layerProblem(allowedImport) ?? featureProblem(allowedImport), describeImport(allowedImport)).toBeNull();
  });
});
