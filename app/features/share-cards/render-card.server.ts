// SVG to PNG for the share cards (docs/decisions/043-share-cards.md), with resvg and the Noto
// Sans CJK fonts of the machine (Debian's fonts-noto-cjk; CARD_FONT_FILES may name others).
// A card is rendered once per content: the PNG is kept in memory under the SHA-256 of its SVG,
// and a request for the same content while it renders waits for that one render.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { logger } from '../../lib/logger.server';
import { CARD_WIDTH } from './card-svg';

const DEFAULT_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];
/** Cards kept (45–90 KB each, outside the JS heap, some 20 MB at most): every badge and the most shared companies. */
const MAX_CACHED = 300;

let fontOptions: ResvgRenderOptions['font'] | undefined;

function fonts(): ResvgRenderOptions['font'] {
  if (fontOptions) return fontOptions;
  const configured = process.env.CARD_FONT_FILES?.split(',')
    .map((file) => file.trim())
    .filter(Boolean);
  const files = (configured?.length ? configured : DEFAULT_FONT_FILES).filter((file) => existsSync(file));
  if (files.length === 0) {
    logger().warn('share cards: no Noto Sans CJK font found (apt-get install fonts-noto-cjk, or set CARD_FONT_FILES); using system fonts');
  }
  fontOptions = {
    fontFiles: files,
    // Without the font files, whatever the system has (Japanese may then be missing).
    loadSystemFonts: files.length === 0,
    defaultFontFamily: 'Noto Sans CJK JP',
    sansSerifFamily: 'Noto Sans CJK JP',
  };
  return fontOptions;
}

export type RenderedCard = { png: Buffer; etag: string };

const cache = new Map<string, Promise<RenderedCard>>();

export function cardKey(svg: string): string {
  return createHash('sha256').update(svg).digest('base64url').slice(0, 22);
}

/** Renders wait for one another: one at a time keeps the thread pool free for logins' hashing. */
let queue: Promise<unknown> = Promise.resolve();

async function render(svg: string, key: string): Promise<RenderedCard> {
  // On libuv's thread pool: loading the two CJK font collections takes most of a render's ~0.15 s,
  // and the event loop keeps answering pages meanwhile.
  const rendering = queue.then(() =>
    renderAsync(svg, { font: fonts(), fitTo: { mode: 'width', value: CARD_WIDTH }, background: '#ffffff' }),
  );
  queue = rendering.catch(() => undefined);
  const image = await rendering;
  return { png: image.asPng(), etag: `"${key}"` };
}

/** The card as PNG, from the cache when its SVG was rendered before. */
export function renderCard(svg: string): Promise<RenderedCard> {
  const key = cardKey(svg);
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last, so the oldest goes first.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const rendering = render(svg, key);
  cache.set(key, rendering);
  rendering.catch(() => cache.delete(key));
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return rendering;
}

/** Forgets every rendered card (tests). */
export function clearCardCache(): void {
  cache.clear();
}
