// A short-lived, per-process cache of rendered pages for visitors (no session cookie).
// Entries live a few seconds; a write in this process empties it at once, other processes
// catch up when their entries expire. A stored page is served as it is, byte for byte: the
// inline scripts its render marked with a one-time nonce are allowed by their hashes.
// See docs/decisions/010-page-cache.md and 013-fast-lane.md.
import { pageCacheLookups } from './metrics.server';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { mediaTypeOf } from './media-type';
import { forMs, registeredMap } from './caches.server';

export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** A strong ETag of the content, independent of the nonce it was rendered with. */
  etag: string;
  /** CSP script sources that allow exactly the inline scripts of this body. */
  scriptSources: string;
  expiresAt: number;
  /** The gzipped body, made on the first request that accepts it; null when not worth it. */
  gzipped?: Buffer | null;
};

/** A visitor's page as React Router rendered it, with the nonce of that one render. */
export type RenderedPage = { status: number; headers: Array<[string, string]>; body: Buffer; nonce: string };

const TTL_MS = 10_000;
const MAX_ENTRIES = 400;
/** Below this, gzip saves less than its header costs (the compression middleware's default). */
export const GZIP_THRESHOLD = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript)|image\/svg)/i;

const entries = registeredMap<string, CachedPage>({
  name: 'page cache',
  holds: 'a rendered page (status, headers, body, ETag, gzip), by path, query and audience or device class',
  feeds: 'every shared page, for visitors and students alike (server/visitor-pages.ts; decisions 010, 013, 030)',
  lifetime: forMs(TTL_MS),
  invalidatedBy:
    "every successful POST, PUT, PATCH or DELETE in this process but the private writes, and a change of published content announced by any process (migration 0025: 'c:' on personal_changes), both in server/page-cache-writes.ts; the company and review imports when they finish, after their request was answered",
  bound: `${MAX_ENTRIES} pages, the least recently used go first`,
});

export function getCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = entries.get(key);
  if (!entry || entry.expiresAt <= now) {
    if (entry) entries.delete(key);
    pageCacheLookups.inc({ result: 'miss' });
    return undefined;
  }
  pageCacheLookups.inc({ result: 'hit' });
  // Map keeps insertion order: re-inserting makes this the most recently used.
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script>');
const GT = Buffer.from('>');

/**
 * 'sha256-…' sources for the inline scripts of an HTML body that carry the render's nonce: the
 * ones React Router and our code wrote. A script that reached the HTML any other way (an
 * injection) cannot know a nonce drawn for that one render, so it stays blocked, as it would be
 * under the nonce itself. Browsers hash a script's text as it stands between its tags.
 */
export function inlineScriptHashes(html: Buffer | string, nonce: string): string {
  if (!nonce) return '';
  // Found from the nonce's few occurrences rather than by a pattern over the whole page, and
  // hashed as the bytes the browser hashes: a page is tens of kilobytes, stored on every miss.
  const bytes = typeof html === 'string' ? Buffer.from(html) : html;
  const marker = Buffer.from(`nonce="${nonce}"`);
  const sources = new Set<string>();
  for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, at + marker.length)) {
    const tagStart = bytes.lastIndexOf(SCRIPT_OPEN, at);
    const tagEnd = bytes.indexOf(GT, at);
    if (tagStart === -1 || tagEnd === -1) continue;
    // The nonce stands among the attributes of a <script> tag (no > between), and the tag has no src.
    const attributes = bytes.subarray(tagStart + SCRIPT_OPEN.length, tagEnd).toString('latin1');
    if (attributes.includes('>') || !/^\s/.test(attributes) || /\ssrc\s*=/i.test(attributes)) continue;
    const textEnd = bytes.indexOf(SCRIPT_CLOSE, tagEnd + 1);
    if (textEnd === -1) continue;
    sources.add(
      `'sha256-${createHash('sha256')
        .update(bytes.subarray(tagEnd + 1, textEnd))
        .digest('base64')}'`,
    );
  }
  return [...sources].join(' ');
}

/** The media type of a stored page (app/lib/media-type.ts). */
function mediaTypeOfPage(headers: Array<[string, string]>): string {
  return mediaTypeOf(headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1]);
}

export function isHtml(headers: Array<[string, string]>): boolean {
  return mediaTypeOfPage(headers) === 'text/html';
}

export function setCachedPage(key: string, page: RenderedPage, now = Date.now()): CachedPage {
  const entry: CachedPage = {
    status: page.status,
    headers: page.headers,
    body: page.body,
    etag: contentEtag(page.body, page.nonce),
    scriptSources: page.nonce && isHtml(page.headers) ? inlineScriptHashes(page.body, page.nonce) : '',
    expiresAt: now + TTL_MS,
  };
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return entry;
}

/**
 * Empties the page cache. Called by server/page-cache-writes.ts once per successful write and when
 * any process announces a change of published content, so that no route can forget it (decisions
 * 010, 021 and 073); and by the two imports, whose writes land after the request that started them
 * was answered. No other route or feature calls it (page-cache.server.test.ts holds the list).
 */
export function invalidatePageCache(): void {
  entries.clear();
}

/** The same content rendered with different nonces gets the same ETag. */
export function contentEtag(body: Buffer | string, nonce: string): string {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const hash = createHash('sha1');
  // The bytes between the nonce's occurrences: the page without its nonce, neither decoded nor copied.
  let from = 0;
  if (nonce) {
    const needle = Buffer.from(nonce);
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, from)) {
      hash.update(bytes.subarray(from, at));
      from = at + needle.length;
    }
  }
  hash.update(bytes.subarray(from));
  return `"${hash.digest('base64url')}"`;
}

/** The page's body gzipped once, or null when it is small or not text. */
export function gzippedBody(page: Pick<CachedPage, 'body' | 'headers' | 'gzipped'>): Buffer | null {
  if (page.gzipped === undefined) {
    page.gzipped = page.body.length >= GZIP_THRESHOLD && COMPRESSIBLE.test(mediaTypeOfPage(page.headers)) ? gzipSync(page.body) : null;
  }
  return page.gzipped;
}

/** True when an If-None-Match header names this ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** True when an Accept-Encoding header takes gzip (not refused with q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((item) => {
    const [coding, ...params] = item.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
