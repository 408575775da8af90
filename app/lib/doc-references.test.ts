// @vitest-environment node
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileExists, lineOf, readSource, ROOT } from '../../tests/support/source-scan';

// The product is described in the repository, under docs/product/ (issue 29, item 11): the code
// points there, never to the documents it was started from, which a maintainer who clones the
// repository cannot read. Their names are put together here so that this file does not name them.
const FORMER_DOCUMENTS = ['SPEC', 'PRODUCT', 'ARCHITECTURE'].map((name) => `${name}.md`);
const FORMER = new RegExp(FORMER_DOCUMENTS.map((name) => name.replace('.', '\\.')).join('|'));

const PRODUCT_DOCS = 'docs/product/';
/** This file, whose examples of broken references are meant to be broken. */
const THIS_FILE = 'app/lib/doc-references.test.ts';
const DOC_REFERENCE = /docs\/product\/([A-Za-z0-9_-]+\.md)(?:#([A-Za-z0-9_-]+))?/g;
/** A relative link between the pages of docs/product: [text](pages.md#anchor). */
const RELATIVE_LINK = /\]\(([A-Za-z0-9_-]+\.md)(?:#([A-Za-z0-9_-]+))?\)/g;
const BINARY = /\.(?:png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz|tgz|wasm|data)$/i;

/** Every tracked text file that is there in the work tree. */
function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file !== '' && !file.includes('node_modules/') && !BINARY.test(file) && fileExists(file))
    .filter((file) => !readSource(file).slice(0, 8000).includes('\0'));
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(doc: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of readSource(doc).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) anchors.add(headingAnchor(match[1]!));
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsFor(doc: string): Set<string> {
  if (!anchorCache.has(doc)) anchorCache.set(doc, anchorsOf(doc));
  return anchorCache.get(doc)!;
}

/** `file:line docs/product/x.md#y` for every reference in `source` that names a missing page or section. */
function brokenReferences(file: string, source: string): string[] {
  const patterns: [RegExp, (name: string) => string][] = [[DOC_REFERENCE, (name) => PRODUCT_DOCS + name]];
  if (file.startsWith(PRODUCT_DOCS)) patterns.push([RELATIVE_LINK, (name) => path.posix.join(path.posix.dirname(file), name)]);
  const broken: string[] = [];
  for (const [pattern, docOf] of patterns) {
    for (const match of source.matchAll(pattern)) {
      const doc = docOf(match[1]!);
      const anchor = match[2];
      if (!fileExists(doc) || (anchor !== undefined && !anchorsFor(doc).has(anchor))) {
        broken.push(`${file}:${lineOf(source, match.index)} ${match[0]}`);
      }
    }
  }
  return broken;
}

describe('references to the description of the product', () => {
  const files = trackedTextFiles();

  it('finds the tracked files and the product description', () => {
    expect(files).toContain(THIS_FILE);
    expect(files).toContain('app/routes.ts');
    expect(files).toContain('docs/product/README.md');
  });

  it('point to docs/product, not to the documents outside the repository', () => {
    const offenders = files.filter((file) => !file.startsWith(PRODUCT_DOCS) && FORMER.test(readSource(file)));
    expect(offenders, `Files that still name ${FORMER_DOCUMENTS.join(', ')}: point them to docs/product/ instead`).toEqual([]);
  });

  it('name pages and sections of docs/product that exist', () => {
    const broken = files.filter((file) => file !== THIS_FILE).flatMap((file) => brokenReferences(file, readSource(file)));
    expect(broken, 'References to a page or section of docs/product that does not exist').toEqual([]);
  });

  it('would notice a former name, or a reference to a missing page or section', () => {
    expect(FORMER.test(`see ../shared/${FORMER_DOCUMENTS[0]} section 7`)).toBe(true);
    expect(FORMER.test('see docs/product/calls.md#badge-calls')).toBe(false);
    expect(headingAnchor('Year and season dropdown')).toBe('year-and-season-dropdown');
    expect(headingAnchor('Icons, colors and sizes')).toBe('icons-colors-and-sizes');
    const source = '// docs/product/pages.md#comparison-page\n// docs/product/pages.md#no-such-section, docs/product/nope.md';
    expect(brokenReferences('app/example.ts', source)).toEqual([
      'app/example.ts:2 docs/product/pages.md#no-such-section',
      'app/example.ts:2 docs/product/nope.md',
    ]);
    expect(brokenReferences('docs/product/example.md', '[calls](calls.md#badge-calls) [x](calls.md#nothing)')).toEqual([
      'docs/product/example.md:1 ](calls.md#nothing)',
    ]);
  });
});
