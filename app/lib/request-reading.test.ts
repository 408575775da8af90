// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { linesMatching, readSource, sourceFiles } from '../../tests/support/source-scan';

// One reader each for what a request brings (docs/decisions/057-reading-requests.md): cookies are
// read by app/lib/cookies.ts (the `cookie` package), Content-Type headers by app/lib/media-type.ts
// (the `content-type` package), in the browser, the routes, the fast lanes and Express alike; code
// elsewhere may hand a header to them, never take it apart itself. Every body is read where the one
// normalisation of text is applied (app/lib/form-data.server.ts, docs/decisions/051-text-at-the-
// boundary.md), so that no field of a new form or call can reach a feature, the database or a
// page with a NUL, a control character or a bidi override in it.

const FILES = ['app', 'server'].flatMap(sourceFiles);

function filesMatching(dirs: string[], pattern: RegExp): string[] {
  return dirs.flatMap(sourceFiles).filter((file) => pattern.test(readSource(file)));
}

/** Lines matching `pattern` that do not also match `allowed`, outside `owner`. */
function strayLines(pattern: RegExp, owner: string, allowed?: RegExp): string[] {
  const others = FILES.filter((file) => file !== owner);
  return linesMatching(others, pattern).filter((line) => !allowed?.test(line));
}

describe('cookies', () => {
  it('are parsed only by app/lib/cookies.ts, with the cookie package', () => {
    expect(strayLines(/from ['"]cookie['"]/, 'app/lib/cookies.ts')).toEqual([]);
  });

  it('come to the one reader as the whole header: no other code reads a Cookie header or document.cookie', () => {
    // Clearing a cookie (document.cookie = …) is writing, not reading.
    const reads = /document\.cookie(?!\s*=[^=])|headers\.cookie|headers\[['"]cookie['"]\]|\.get\(\s*['"]cookie['"]\s*\)/i;
    expect(strayLines(reads, 'app/lib/cookies.ts', /\b(?:readCookie|sessionIdOf|hasSessionCookie)\(/)).toEqual([]);
  });

  it('set by a response are told apart by the one reader too', () => {
    expect(strayLines(/\$\{SESSION_COOKIE\}=/, 'app/lib/cookies.ts', /Set-Cookie/)).toEqual([]);
  });
});

describe('content types', () => {
  it('are parsed only by app/lib/media-type.ts, with the content-type package', () => {
    expect(strayLines(/from ['"]content-type['"]/, 'app/lib/media-type.ts')).toEqual([]);
  });

  it('come to the one reader as the whole header: no other code reads a Content-Type it was sent', () => {
    const reads =
      /headers\[['"]content-type['"]\](?!\s*=[^=])|\.get\(\s*['"]content-type['"]\s*\)|=== ['"]content-type['"]|\.split\(['"];['"]\)\[0\]/i;
    expect(strayLines(reads, 'app/lib/media-type.ts', /\b(?:mediaTypeOf|bodyKindOf|readHeldBody|bodyToken)\(/)).toEqual([]);
  });
});

describe('request bodies', () => {
  it('are read only by app/lib/form-data.server.ts (readFormData, readJsonObject, readBody, readHeldBody)', () => {
    const readers = filesMatching(['app', 'server'], /\b(?:request|req)\.(?:formData|json|text|arrayBuffer|blob)\s*\(/);
    expect(readers).toEqual(['app/lib/form-data.server.ts']);
  });

  it('are parsed as JSON on the server by the same reader: the CSRF check and the draft lane use readHeldBody', () => {
    expect(filesMatching(['server'], /JSON\.parse\s*\(|\.formData\s*\(|new URLSearchParams\([^)]*\bbody\b/)).toEqual([]);
  });
});
