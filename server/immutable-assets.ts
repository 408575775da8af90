// The built files under /assets: Vite puts a content hash in every name, so a file never changes
// and every browser may keep it for a year, a student's as much as a visitor's (they hold nothing
// of anyone's session). They are compressed once, when the site is built (brotli and gzip at
// their best settings, written beside each file), read into memory when the server starts, and
// answered before the session middleware: no file system call, no compression and no session
// lookup per request. See docs/decisions/085-immutable-assets.md.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

/** Encodings in the order they are preferred, with the suffix of their file beside the original. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** Text files compress; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.map']);
/** The types of what a build puts under /assets; a file of another kind is left to express.static. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
/** Below this a compressed copy saves less than its headers cost (compression's own threshold). */
const MIN_BYTES = 1024;

const isCompressedCopy = (file: string) => ENCODINGS.some((encoding) => file.endsWith(encoding.suffix));

/**
 * Writes the compressed copies of every compressible file in `dir` (the build's assets), where a
 * copy is smaller than the file. Run once per build (vite.config.ts).
 */
export function writeCompressedCopies(dir: string): number {
  if (!existsSync(dir)) return 0;
  let written = 0;
  for (const file of readdirSync(dir)) {
    if (isCompressedCopy(file) || !COMPRESSIBLE.has(extname(file))) continue;
    const raw = readFileSync(join(dir, file));
    if (raw.length < MIN_BYTES) continue;
    const copies: Record<Encoding, Buffer> = {
      br: brotliCompressSync(raw, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip: gzipSync(raw, { level: zlib.Z_BEST_COMPRESSION }),
    };
    for (const encoding of ENCODINGS) {
      const copy = copies[encoding.name];
      if (copy.length >= raw.length) continue;
      writeFileSync(join(dir, file + encoding.suffix), copy);
      written++;
    }
  }
  return written;
}

type Variant = { body: Buffer; etag: string };
type Asset = { type: string; identity: Variant } & Partial<Record<Encoding, Variant>>;

function variant(body: Buffer, tag: string): Variant {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${tag}"` };
}

/** Every file of `dir` with its compressed copies, by URL path under the mount ("/name.js"). */
export function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const files = new Set(readdirSync(dir));
  for (const file of files) {
    const type = TYPES[extname(file)];
    if (!type || isCompressedCopy(file)) continue;
    const asset: Asset = { type, identity: variant(readFileSync(join(dir, file)), '') };
    for (const encoding of ENCODINGS) {
      if (files.has(file + encoding.suffix))
        asset[encoding.name] = variant(readFileSync(join(dir, file + encoding.suffix)), `-${encoding.name}`);
    }
    assets.set(`/${file}`, asset);
  }
  return assets;
}

/**
 * The encoding to send of those `offered` (best first): the one the Accept-Encoding header weighs
 * highest, the better one where it weighs two alike (browsers list gzip before br), or null for
 * the file as it is.
 */
export function chooseEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const name of offered) {
    const weight = weights.get(name) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}

const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * Answers GET and HEAD of a built asset from memory, in the best encoding the browser accepts;
 * anything else (another method, a name that is not there) goes on to `next`.
 */
export function immutableAssets(dir: string) {
  const assets = loadAssets(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(req.path) : undefined;
    if (!asset) {
      next();
      return;
    }
    const offered = ENCODINGS.map((encoding) => encoding.name).filter((name) => asset[name]);
    const encoding = chooseEncoding(req.get('accept-encoding'), offered);
    const sent = (encoding && asset[encoding]) || asset.identity;
    res.setHeader('Cache-Control', CACHE_FOREVER);
    res.setHeader('Content-Type', asset.type);
    if (offered.length > 0) res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', sent.etag);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', sent.body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : sent.body);
  };
}
