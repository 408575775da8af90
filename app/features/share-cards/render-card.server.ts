// SVG to PNG for the share cards (docs/decisions/043-share-cards.md, 055-share-cards-under-load.md).
// The text is turned into glyph outlines with fonts opened once (text-outlines.server.ts) and
// resvg draws the font-free SVG on libuv's thread pool, so a card costs some 20 ms, a few of them
// on the event loop. A card is drawn once per content: the
// PNG is kept under the SHA-256 of its SVG, in memory of a fixed budget (least recently used
// out), and a request for a card being drawn waits for that one drawing. Cards are drawn one at
// a time with at most a few waiting; past that a request gets the site card (drawn once, kept)
// at once instead of a place at the end of a line that a crawler could make endless.
import { createHash } from 'node:crypto';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { BoundedQueue } from '../../lib/bounded-queue';
import { ByteLru } from '../../lib/byte-lru';
import { CARD_WIDTH, siteCardSvg } from './card-svg';
import { hasCardFonts, outlineText } from './text-outlines.server';
import { registerCache } from '../../lib/caches.server';

/** Cards drawn at once: one keeps the other pool threads for the password hashing of logins. */
const CONCURRENCY = 1;
/** Cards that may wait for their turn: about 0.2 s of drawing. A request past them gets the site card. */
const MAX_WAITING = 8;
/** The drawn cards kept (45–80 KB each): some 300 cards, every badge and the most shared companies. */
const CACHE_BYTES = 16 * 1024 * 1024;

export type RenderedCard = { png: Buffer; etag: string };
/** A card, or the site card in its place (`fallback`) when too many cards wait to be drawn. */
export type CardAnswer = { card: RenderedCard; fallback: boolean };

export function cardKey(svg: string): string {
  return createHash('sha256').update(svg).digest('base64url').slice(0, 22);
}

const WITHOUT_FONTS: ResvgRenderOptions = { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: CARD_WIDTH } };
/** Only when no font file could be opened: resvg looks for fonts itself, at every render. */
const WITH_SYSTEM_FONTS: ResvgRenderOptions = {
  font: { loadSystemFonts: true, defaultFontFamily: 'Noto Sans CJK JP', sansSerifFamily: 'Noto Sans CJK JP' },
  fitTo: { mode: 'width', value: CARD_WIDTH },
};

/**
 * The PNG of a card's SVG. resvg compresses it on the event loop (5–10 ms); copying the 3 MB of
 * pixels out to compress them on the thread pool made V8 collect its whole heap every few cards
 * for the outside memory, which cost more (decision 055).
 */
export async function drawCard(svg: string): Promise<Buffer> {
  const outlined = outlineText(svg);
  const image = await renderAsync(outlined, { ...(hasCardFonts() ? WITHOUT_FONTS : WITH_SYSTEM_FONTS), background: '#ffffff' });
  return image.asPng();
}

export type CardRenderer = {
  /** The card of this SVG, drawn once per content, or the site card when the line is full. */
  card(svg: string): Promise<CardAnswer>;
  /** The site card, drawn once and kept for the process. */
  siteCard(): Promise<RenderedCard>;
  /** Cards kept and their bytes, cards being drawn (tests). */
  readonly held: { cards: number; bytes: number; drawing: number };
};

export function createCardRenderer(
  options: {
    draw?: (svg: string) => Promise<Buffer>;
    siteSvg?: string;
    concurrency?: number;
    maxWaiting?: number;
    cacheBytes?: number;
  } = {},
): CardRenderer {
  const draw = options.draw ?? drawCard;
  const queue = new BoundedQueue({ concurrency: options.concurrency ?? CONCURRENCY, maxWaiting: options.maxWaiting ?? MAX_WAITING });
  const drawn = new ByteLru<string, RenderedCard>(options.cacheBytes ?? CACHE_BYTES);
  // At most `concurrency + maxWaiting` entries: only what the queue took.
  const drawing = new Map<string, Promise<RenderedCard>>();
  let site: Promise<RenderedCard> | undefined;

  const rendered = async (png: Promise<Buffer>, key: string): Promise<RenderedCard> => ({ png: await png, etag: `"${key}"` });

  function siteCard(): Promise<RenderedCard> {
    if (!site) {
      const svg = options.siteSvg ?? siteCardSvg();
      // In line even when it is full: drawn once, it is what a full line answers.
      site = queue.run(() => rendered(draw(svg), cardKey(svg)));
      site.catch(() => {
        site = undefined;
      });
    }
    return site;
  }

  async function card(svg: string): Promise<CardAnswer> {
    const key = cardKey(svg);
    const kept = drawn.get(key);
    if (kept) return { card: kept, fallback: false };
    const pending = drawing.get(key);
    if (pending) return { card: await pending, fallback: false };
    const started = queue.tryRun(() => rendered(draw(svg), key));
    if (!started) return { card: await siteCard(), fallback: true };
    drawing.set(key, started);
    try {
      const result = await started;
      drawn.set(key, result, result.png.length);
      return { card: result, fallback: false };
    } finally {
      drawing.delete(key);
    }
  }

  return {
    card,
    siteCard,
    get held() {
      return { cards: drawn.size, bytes: drawn.bytes, drawing: drawing.size };
    },
  };
}

let renderer: CardRenderer | undefined;

/** The process's card renderer. */
export function cardRenderer(): CardRenderer {
  renderer ??= createCardRenderer();
  return renderer;
}

registerCache({
  name: 'share-card PNGs',
  holds: 'a card rendered to PNG, with its ETag, by the SHA-256 of its SVG',
  feeds: 'every share card (/og/…): the og:image of the site, company and badge pages',
  lifetime: 'for good: a changed card is another SVG, so another key',
  invalidatedBy: 'nothing',
  bound: `${CACHE_BYTES / 1024 / 1024} MB of PNG (outside the JS heap), the least recently used go first; ${MAX_WAITING} cards waiting to be drawn (docs/decisions/055-share-cards-under-load.md)`,
  size: () => renderer?.held.cards ?? 0,
  clear: () => {
    renderer = undefined;
  },
});
