// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lineOf, readSource, sourceFiles, sqlTemplates, templateAt } from '../../tests/support/source-scan';

// One way for a raw statement (docs/decisions/058-one-way-tidy.md): selectRows reads, writeRows
// writes, and a write is never hidden in execute(). A reader of `selectRows(…)` can then trust
// that nothing changes.

const DIRS = ['app', 'server'];

/** Whether SQL text changes data; a row lock taken by a read (FOR UPDATE, FOR NO KEY UPDATE) does not. */
function writesData(text: string): boolean {
  const withoutLocks = text.replace(/\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b/gi, '');
  return /\b(?:INSERT|UPDATE|DELETE|MERGE|TRUNCATE)\b/i.test(withoutLocks);
}

type Call = { where: string; helper: string; texts: string[] | null };

/**
 * Every call of `helper` in the source with the SQL it runs: a sql`` template written in the
 * call, or the templates of a function of the same file that the call's argument calls
 * (`selectRows(summaryQuery(…))`); null when the test cannot see the statement.
 */
function callsOf(file: string, source: string, helper: string): Call[] {
  const calls: Call[] = [];
  for (const match of source.matchAll(new RegExp(`\\b${helper}\\b(?:<(?:[^<>]|<[^<>]*>)*>)?\\s*\\(\\s*`, 'g'))) {
    if (/function\s+$/.test(source.slice(Math.max(0, match.index - 20), match.index))) continue;
    const at = match.index + match[0].length;
    const where = `${file}:${lineOf(source, match.index)}`;
    if (source.startsWith('sql`', at)) {
      calls.push({ where, helper, texts: [templateAt(source, at + 3).text] });
      continue;
    }
    const builder = /^(\w+)\(/.exec(source.slice(at));
    const body = builder ? functionBody(source, builder[1]!) : null;
    calls.push({ where, helper, texts: body === null ? null : sqlTemplates(body) });
  }
  return calls;
}

/** The source of a function declared in the file (`function name(` or `const name = (…) =>`). */
function functionBody(source: string, name: string): string | null {
  const start = source.search(new RegExp(`(?:function\\s+${name}\\b|const\\s+${name}\\s*=)`));
  if (start < 0) return null;
  const next = source.slice(start + 1).search(/\n(?:export\s+)?(?:async\s+)?(?:function|const)\s/);
  return source.slice(start, next < 0 ? undefined : start + 1 + next);
}

const files = DIRS.flatMap(sourceFiles).filter((file) => file !== 'app/db/client.server.ts');

describe('raw statements', () => {
  it.each([
    ['SELECT author_id FROM posts WHERE id = $? FOR NO KEY UPDATE', false],
    ['SELECT updated_at, last_update FROM posts', false],
    ['WITH gone AS (DELETE FROM clips RETURNING post_id) SELECT * FROM gone', true],
    ['UPDATE posts SET useful_count = 1', true],
    ['insert into clips values ($?, $?)', true],
  ])('knows a write from a read: %j writes data, %s', (text, writes) => {
    expect(writesData(text)).toBe(writes);
  });

  it('reads a nested template inside an interpolation without ending the outer one', () => {
    const nested = ['sql`SELECT $', '{a ? sql`x` : sql``} FROM t` + 1'].join('');
    expect(templateAt(nested, 3).text).toBe('SELECT $? FROM t');
  });

  it('are reads in selectRows, writes in writeRows, and never writes in execute()', () => {
    const problems: string[] = [];
    let seen = 0;
    for (const file of files) {
      const source = readSource(file);
      for (const call of [...callsOf(file, source, 'selectRows'), ...callsOf(file, source, 'writeRows')]) {
        seen += 1;
        if (!call.texts) {
          problems.push(`${call.where}: pass ${call.helper} a sql\`…\` template, or a function of this file that builds one`);
        } else if (call.helper === 'selectRows' && call.texts.some(writesData)) {
          problems.push(`${call.where}: selectRows runs a statement that writes; use writeRows (app/db/client.server.ts)`);
        } else if (call.helper === 'writeRows' && !call.texts.some(writesData)) {
          problems.push(`${call.where}: writeRows runs a statement that writes nothing; use selectRows`);
        }
      }
      for (const match of source.matchAll(/\.execute\(\s*sql`/g)) {
        if (writesData(templateAt(source, match.index + match[0].length - 1).text))
          problems.push(`${file}:${lineOf(source, match.index)}: a write through execute(); use writeRows (app/db/client.server.ts)`);
      }
    }
    expect(seen).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
