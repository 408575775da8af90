// A short-lived, per-process cache of rendered pages for visitors (no session cookie).
// Entries live a few seconds; a write in this process empties it at once, other processes
// catch up when their entries expire. See docs/decisions/008-page-cache.md.
import { createHash } from 'node:crypto';

export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** The CSP nonce the body was rendered with; swapped for each response's own. */
  nonce: string;
  etag: string;
  expiresAt: number;
};

const TTL_MS = 10_000;
const MAX_ENTRIES = 400;

const entries = new Map<string, CachedPage>();

export function getCachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= now) {
    entries.delete(key);
    return undefined;
  }
  // Map keeps insertion order: re-inserting makes this the most recently used.
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

export function setCachedPage(key: string, page: Omit<CachedPage, 'expiresAt'>, now = Date.now()): CachedPage {
  const entry = { ...page, expiresAt: now + TTL_MS };
  entries.delete(key);
  entries.set(key, entry);
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return entry;
}

/** Call after any write that visitors could see (a post published, a company edited). */
export function invalidatePageCache(): void {
  entries.clear();
}

/** A strong ETag of the content, independent of the per-response nonce. */
export function contentEtag(body: Buffer, nonce: string): string {
  const hash = createHash('sha1');
  hash.update(nonce ? body.toString('utf8').replaceAll(nonce, '') : body);
  return `"${hash.digest('base64url')}"`;
}

export function withNonce(page: CachedPage, nonce: string): Buffer {
  if (!page.nonce || page.nonce === nonce) return page.body;
  return Buffer.from(page.body.toString('utf8').replaceAll(page.nonce, nonce), 'utf8');
}

/** True when an If-None-Match header names this ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
