import { describe, expect, it } from 'vitest';
import { contentEtag, etagMatches, getCachedPage, invalidatePageCache, setCachedPage, withNonce } from './page-cache.server';

const page = (body: string, nonce: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as Array<[string, string]>,
  body: Buffer.from(body),
  nonce,
  etag: contentEtag(Buffer.from(body), nonce),
});

describe('page cache', () => {
  it('expires entries and empties on invalidation', () => {
    setCachedPage('/a', page('<p>a</p>', ''), 1000);
    expect(getCachedPage('/a', 1000 + 5_000)).toBeDefined();
    expect(getCachedPage('/a', 1000 + 10_000)).toBeUndefined();
    setCachedPage('/b', page('<p>b</p>', ''));
    invalidatePageCache();
    expect(getCachedPage('/b')).toBeUndefined();
  });

  it('gives each response its own nonce and an ETag that ignores it', () => {
    const first = page('<script nonce="AAA">x</script><script nonce="AAA"></script>', 'AAA');
    const other = page('<script nonce="BBB">x</script><script nonce="BBB"></script>', 'BBB');
    expect(first.etag).toBe(other.etag);
    const entry = setCachedPage('/c', first);
    expect(withNonce(entry, 'ZZZ').toString()).toBe('<script nonce="ZZZ">x</script><script nonce="ZZZ"></script>');
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(etagMatches('"x", "y"', '"y"')).toBe(true);
    expect(etagMatches('W/"y"', '"y"')).toBe(true);
    expect(etagMatches('*', '"y"')).toBe(true);
    expect(etagMatches('"z"', '"y"')).toBe(false);
    expect(etagMatches(undefined, '"y"')).toBe(false);
  });
});
