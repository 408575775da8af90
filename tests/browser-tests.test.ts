// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The browser tests wait for what they check (docs/decisions/060-caches-and-honest-tests.md): a
// test that sleeps and then looks passes when the thing came late or not at all, and fails on a
// slow machine. They wait for a condition (an answer, a request, a state), move a fake clock
// (`page.clock`) where a timer is what they test, or assert an absence once the condition that
// would have caused it is met. And the route walk runs whatever the other browser tests do.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['tests/e2e', 'tests/support'];

/** Every browser test and support file, with its text. */
function browserTestFiles(): Array<[file: string, source: string]> {
  return DIRS.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .map((file): [string, string] => [`${dir}/${file}`, fs.readFileSync(path.join(ROOT, dir, file), 'utf8')]),
  );
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** The index just past the parenthesis that closes the one at `open`. */
function closing(source: string, open: number): number {
  let depth = 0;
  for (let at = open; at < source.length; at++) {
    if (source[at] === '(') depth++;
    if (source[at] === ')' && --depth === 0) return at + 1;
  }
  return source.length;
}

/** Whether `index` is inside the body of a for, while or do loop (a poll's interval, not a sleep). */
function insideLoop(source: string, index: number): boolean {
  let depth = 0;
  for (let at = index - 1; at >= 0; at--) {
    if (source[at] === '}') depth++;
    if (source[at] !== '{') continue;
    if (depth > 0) {
      depth--;
      continue;
    }
    const before = source.slice(Math.max(0, at - 200), at).trimEnd();
    if (/\bdo$/.test(before)) return true;
    if (before.endsWith(')')) {
      // The head of the block: find its opening parenthesis and the word before it.
      let parens = 0;
      for (let head = before.length - 1; head >= 0; head--) {
        if (before[head] === ')') parens++;
        if (before[head] === '(' && --parens === 0) {
          if (/\b(?:for|while)\s*$/.test(before.slice(0, head))) return true;
          break;
        }
      }
    }
  }
  return false;
}

/** Fixed waits: Playwright's waitForTimeout, and a promise resolved by a timer outside a polling loop. */
function fixedWaits(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\bwaitForTimeout\s*\(/g)) found.push(`${file}:${lineOf(source, match.index)}: waitForTimeout`);
  for (const match of source.matchAll(/(?<![.\w])setTimeout\s*\(\s*(?:resolve\b|\(\s*\)\s*=>\s*resolve\b)/g)) {
    if (!insideLoop(source, match.index)) found.push(`${file}:${lineOf(source, match.index)}: a timer as a sleep`);
  }
  for (const match of source.matchAll(/from\s+['"](?:node:)?timers\/promises['"]/g)) {
    found.push(`${file}:${lineOf(source, match.index)}: timers/promises`);
  }
  return found;
}

/** A wait whose timeout is swallowed: `.waitFor…(…).catch(…)` or `.then(ok, failed)`. */
function swallowedWaits(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\.waitFor\w*\s*\(/g)) {
    const after = closing(source, match.index + match[0].length - 1);
    const next = /^\s*\.(catch|then)\s*\(/.exec(source.slice(after));
    if (!next) continue;
    const open = after + next[0].length - 1;
    const args = source.slice(open + 1, closing(source, open) - 1);
    // A top-level comma in then(…): a rejection handler.
    let depth = 0;
    const twoHandlers = [...args].some((char) => {
      if ('([{'.includes(char)) depth++;
      if (')]}'.includes(char)) depth--;
      return char === ',' && depth === 0;
    });
    if (next[1] === 'catch' || twoHandlers) found.push(`${file}:${lineOf(source, match.index)}: ${match[0]}…).${next[1]}`);
  }
  return found;
}

describe('browser tests', () => {
  it('never wait a fixed time', () => {
    expect(
      browserTestFiles().flatMap(([file, source]) => fixedWaits(file, source)),
      'wait for a condition, or move page.clock',
    ).toEqual([]);
  });

  it('never let a wait that timed out pass', () => {
    expect(
      browserTestFiles().flatMap(([file, source]) => swallowedWaits(file, source)),
      'decide whether the thing must come (expect it) or must not (assert its absence)',
    ).toEqual([]);
  });

  it('the scans find what they look for', () => {
    const probe = (source: string) => [...fixedWaits('probe', source), ...swallowedWaits('probe', source)].length;
    expect(probe('await page.waitForTimeout(300);')).toBe(1);
    expect(probe('await new Promise((resolve) => setTimeout(resolve, 200));')).toBe(1);
    expect(probe('if (x) {\n  await new Promise((resolve) => setTimeout(() => resolve(1), 200));\n}')).toBe(1);
    expect(probe("import { setTimeout as sleep } from 'node:timers/promises';")).toBe(1);
    expect(probe('if (await popup.waitFor({ timeout: 3000 }).then(\n  () => true,\n  () => false,\n)) return;')).toBe(1);
    expect(probe('await sheet.waitFor().catch(() => {});')).toBe(1);
    // A poll's interval, a test's time limit and a wait whose answer is used are fine.
    expect(
      probe('for (let i = 0; i < 9; i++) {\n  if (done()) return;\n  await new Promise((resolve) => setTimeout(resolve, 10));\n}'),
    ).toBe(0);
    expect(probe('while (Date.now() < deadline) {\n  await new Promise((resolve) => setTimeout(resolve, 100));\n}')).toBe(0);
    expect(probe('test.setTimeout(120_000);')).toBe(0);
    expect(probe("const body = await page.waitForResponse('**/x').then((response) => response.json());")).toBe(0);
  });

  it('the route walk depends on no other project, so a failure elsewhere never skips it', async () => {
    const { default: config } = await import('../playwright.config');
    const walks = (config.projects ?? []).filter((project) => {
      const match = project.testMatch;
      const patterns = Array.isArray(match) ? match : match ? [match] : [];
      return patterns.some((pattern) => (pattern instanceof RegExp ? pattern.test('tests/e2e/accessibility.spec.ts') : false));
    });
    expect(walks.map((project) => project.name)).toHaveLength(1);
    expect(walks[0]!.dependencies ?? []).toEqual([]);
  });
});
