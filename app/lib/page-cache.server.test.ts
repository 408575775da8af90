import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { linesMatching, sourceFiles } from '../../tests/support/source-scan';
import {
  acceptsGzip,
  contentEtag,
  etagMatches,
  getCachedPage,
  gzippedBody,
  inlineScriptHashes,
  invalidatePageCache,
  setCachedPage,
} from './page-cache.server';

const page = (body: string, type = 'text/html; charset=utf-8', nonce = 'N') => ({
  status: 200,
  headers: [['content-type', type]] as Array<[string, string]>,
  body: Buffer.from(body),
  nonce,
});
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('page cache', () => {
  it('expires entries and empties on invalidation', () => {
    setCachedPage('/a', page('<p>a</p>'), 1000);
    expect(getCachedPage('/a', 1000 + 5_000)).toBeDefined();
    expect(getCachedPage('/a', 1000 + 10_000)).toBeUndefined();
    setCachedPage('/b', page('<p>b</p>'));
    invalidatePageCache();
    expect(getCachedPage('/b')).toBeUndefined();
  });

  it('gives the same content one ETag whatever nonce it was rendered with', () => {
    const first = setCachedPage('/c', page('<script nonce="AAA">x</script>', undefined, 'AAA'));
    const again = setCachedPage('/c', page('<script nonce="BBB">x</script>', undefined, 'BBB'));
    const changed = setCachedPage('/c', page('<script nonce="BBB">y</script>', undefined, 'BBB'));
    expect(first.etag).toBe(again.etag);
    expect(changed.etag).not.toBe(first.etag);
  });

  it('allows by hash exactly the inline scripts that carry the render nonce', () => {
    const html =
      '<head><script type="application/ld+json" nonce="N">{"a":1}</script><script src="/assets/a.js" type="module" nonce="N"></script></head>' +
      '<body><script nonce="N">window.__x = "日本語";</script><script type="module" nonce="N" async="">import("/a.js");\n</script>' +
      '<script nonce="N">window.__x = "日本語";</script>' +
      // Markup that reached the page some other way: no nonce, or a guessed one.
      '<script>alert(1)</script><script nonce="guess">alert(2)</script></body>';
    expect(inlineScriptHashes(html, 'N')).toBe(`${sha256('{"a":1}')} ${sha256('window.__x = "日本語";')} ${sha256('import("/a.js");\n')}`);
    expect(inlineScriptHashes(html, 'N')).not.toContain(sha256('alert(1)'));
    expect(inlineScriptHashes(html, 'N')).not.toContain(sha256('alert(2)'));
    expect(inlineScriptHashes(html, '')).toBe('');
    expect(setCachedPage('/d', page(html)).scriptSources).toBe(inlineScriptHashes(html, 'N'));
    expect(setCachedPage('/d.data', page('[1]', 'text/x-script')).scriptSources).toBe('');
  });

  it('finds the scripts and the ETag in the bytes as a pattern over the decoded page would', () => {
    const reference = (html: string, nonce: string) =>
      [
        ...new Set(
          [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
            .filter(([, attributes]) => attributes!.includes(`nonce="${nonce}"`) && !/\ssrc\s*=/i.test(attributes!))
            .map(([, , text]) => sha256(text!)),
        ),
      ].join(' ');
    const html =
      '<!DOCTYPE html><html><head><script nonce="Q9">a</script><scripts nonce="Q9">b</scripts>' +
      '<script type="application/json" nonce="Q9">{"t":"nonce=\\"Q9\\" 😀 </p>"}</script></head>' +
      '<body><p>nonce="Q9"</p><script async nonce="Q9" src="/x.js"></script><script\nnonce="Q9"\n>c\n</script>' +
      '<script nonce="Q9" data-x="y">window.__a = "日本語";</script></body></html>';
    expect(inlineScriptHashes(Buffer.from(html), 'Q9')).toBe(reference(html, 'Q9'));
    expect(inlineScriptHashes(html, 'Q9').split(' ')).toHaveLength(4);
    const hash = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;
    expect(contentEtag(Buffer.from(html), 'Q9')).toBe(hash(html.replaceAll('Q9', '')));
    expect(contentEtag(Buffer.from('Q9Q9'), 'Q9')).toBe(hash(''));
    expect(contentEtag(Buffer.from(html), '')).toBe(hash(html));
  });

  it('gzips text bodies of 1 KB or more once, and nothing else', () => {
    const big = setCachedPage('/e', page(`<p>${'シューログ'.repeat(200)}</p>`));
    const zipped = gzippedBody(big);
    expect(zipped).not.toBeNull();
    expect(gunzipSync(zipped!).equals(big.body)).toBe(true);
    expect(gzippedBody(big)).toBe(zipped);
    expect(gzippedBody(setCachedPage('/f', page('<p>small</p>')))).toBeNull();
    expect(gzippedBody(setCachedPage('/g', page('x'.repeat(5000), 'image/png')))).toBeNull();
  });

  it.each(['gzip, deflate, br', 'br;q=1.0, GZIP;q=0.5', '*'])('reads Accept-Encoding %j as taking gzip', (header) => {
    expect(acceptsGzip(header)).toBe(true);
  });

  it.each(['gzip;q=0', 'br', undefined])('reads Accept-Encoding %j as not taking gzip', (header) => {
    expect(acceptsGzip(header)).toBe(false);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(etagMatches('"x", "y"', '"y"')).toBe(true);
    expect(etagMatches('W/"y"', '"y"')).toBe(true);
    expect(etagMatches('*', '"y"')).toBe(true);
    expect(etagMatches('"z"', '"y"')).toBe(false);
    expect(etagMatches(undefined, '"y"')).toBe(false);
  });
});

describe('who empties the page cache', () => {
  it('is server/page-cache-writes.ts for every write and announced publication, and the two imports that finish after their request', () => {
    const callers = linesMatching([...sourceFiles('app'), ...sourceFiles('server')], /\binvalidatePageCache\(\)/)
      .map((line) => line.slice(0, line.indexOf(':')))
      .filter((file) => file !== 'app/lib/page-cache.server.ts');
    expect([...new Set(callers)].sort()).toEqual([
      'app/features/moderation/import-companies.server.ts',
      'app/features/moderation/import-employee-reviews.server.ts',
      'server/page-cache-writes.ts',
    ]);
  });
});
