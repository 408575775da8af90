// A short-lived, per-process cache of rendered pages for visitors (no session cookie).
// Entries live a few seconds; a write in this process empties it at once, other processes
// catch up when their entries expire. See docs/decisions/010-page-cache.md.
import { createHash } from 'node:crypto';

export type CachedPage = {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** The CSP nonce the body was rendered with; swapped for each response's own. */
  nonce: string;
  etag: string;
  expiresAt: number;
  /** The body cut at each occurrence of the nonce, so a hit joins bytes instead of re-encoding text. */
  parts: Buffer[];
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

function splitAt(body: Buffer, separator: string): Buffer[] {
  if (!separator) return [body];
  const needle = Buffer.from(separator, 'utf8');
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

export function setCachedPage(key: string, page: Omit<CachedPage, 'expiresAt' | 'parts'>, now = Date.now()): CachedPage {
  const entry = { ...page, expiresAt: now + TTL_MS, parts: splitAt(page.body, page.nonce) };
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
  if (page.parts.length === 1 || page.nonce === nonce) return page.body;
  const glue = Buffer.from(nonce, 'utf8');
  const pieces: Buffer[] = [];
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** True when an If-None-Match header names this ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}
