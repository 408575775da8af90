// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileExists, lineOf, readSource, sourceFiles } from '../../tests/support/source-scan';

// One way to open a transaction (docs/decisions/021-write-side-conventions.md, 058-one-way-tidy.md):
// `inTransaction(tx, work)` joins the caller's or opens one, so an operation can always be called
// from inside another's. A transaction opened any other way cannot be joined.

const HELPER = 'app/db/transaction.server.ts';

/** Files that may open one themselves, and why. */
const ALLOWED: Record<string, string> = {
  [HELPER]: 'the helper itself',
  'app/db/client.server.ts': 'the migrations run under an advisory lock before the database is handed out (db() is not set yet)',
};

const OPENS = [
  { pattern: /\.transaction\s*\(/g, what: '.transaction(…)' },
  { pattern: /[`'"]\s*(?:BEGIN|START\s+TRANSACTION)\b(?!:)/gi, what: 'a raw BEGIN' },
];

function opened(file: string): string[] {
  const source = fileExists(file) ? readSource(file) : '';
  return OPENS.flatMap(({ pattern, what }) =>
    [...source.matchAll(pattern)].map((match) => `${file}:${lineOf(source, match.index)}: ${what}`),
  );
}

describe('transactions', () => {
  const files = ['app', 'server', 'scripts'].flatMap(sourceFiles);

  it('are opened only by inTransaction (app/db/transaction.server.ts)', () => {
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => !(file in ALLOWED)).flatMap(opened);
    expect(offenders, 'use inTransaction(options.tx, async (tx) => …), or inTransaction(undefined, …) with no caller').toEqual([]);
  });

  it('has no exception left that is no longer needed', () => {
    expect(Object.keys(ALLOWED).filter((file) => opened(file).length === 0)).toEqual([]);
  });

  it('recognises every way of opening one', () => {
    const text = "db().transaction(async (tx) => {}); pool.query('BEGIN'); x.query(`start transaction`); 'BEGIN:VEVENT'";
    const found = OPENS.flatMap(({ pattern }) => [...text.matchAll(pattern)]);
    expect(found).toHaveLength(3);
  });
});
