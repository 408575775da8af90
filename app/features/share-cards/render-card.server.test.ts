// @vitest-environment node
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { companyCardSvg, siteCardSvg } from './card-svg';
import { createCardRenderer, drawCard } from './render-card.server';

/** Width, height and RGBA pixels of a PNG, decoded by resvg as an image in an SVG. */
function readPng(png: Buffer): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const frame = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="data:image/png;base64,${png.toString('base64')}" width="${width}" height="${height}"/></svg>`;
  const pixels = new Resvg(frame, { font: { loadSystemFonts: false } }).render().pixels;
  const pixel = (x: number, y: number) => [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
  return { width, height, pixel };
}

/** Pixels in the box darker than mid grey: text drawn in #222222. */
function darkPixels(image: ReturnType<typeof readPng>, box: { x: number; y: number; width: number; height: number }): number {
  let dark = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) if (image.pixel(x, y)[0]! < 0x80) dark++;
  }
  return dark;
}

const company = (name: string) =>
  companyCardSvg({ name, industryName: '商社', prefectureName: '大阪府', rating: 3.9, reportCount: 12, postCount: 46 });
/** Where a one-line company name is set (76 px, baseline at y = 200). */
const NAME_BOX = { x: 104, y: 130, width: 700, height: 85 };

/** A drawing that ends when the test says so. */
function gatedDraw() {
  const gates: Array<() => void> = [];
  let drawn = 0;
  return {
    draw: (svg: string) =>
      new Promise<Buffer>((resolve) => {
        gates.push(() => {
          drawn++;
          resolve(Buffer.from(svg));
        });
      }),
    /** Lets the oldest drawing finish. */
    next: async () => {
      const settle = () => new Promise((resolve) => setImmediate(resolve));
      // A queued task starts a turn after its place frees.
      await settle();
      gates.shift()!();
      await settle();
    },
    get started() {
      return drawn + gates.length;
    },
  };
}

describe('drawCard', () => {
  it('draws the text: a 1200 × 630 PNG whose name is in dark pixels, different for another name', async () => {
    const first = readPng(await drawCard(company('青葉商事')));
    const second = readPng(await drawCard(company('ミライ工業')));
    const withoutName = readPng(await drawCard(company('青葉商事').replace(/<text [^>]*>青葉商事<\/text>/, '')));
    expect([first.width, first.height]).toEqual([1200, 630]);
    expect(darkPixels(first, NAME_BOX)).toBeGreaterThan(2_000);
    expect(darkPixels(second, NAME_BOX)).toBeGreaterThan(2_000);
    expect(darkPixels(withoutName, NAME_BOX)).toBe(0);
    let differing = 0;
    for (let y = NAME_BOX.y; y < NAME_BOX.y + NAME_BOX.height; y += 2) {
      for (let x = NAME_BOX.x; x < NAME_BOX.x + NAME_BOX.width; x += 2) if (first.pixel(x, y)[0] !== second.pixel(x, y)[0]) differing++;
    }
    expect(differing).toBeGreaterThan(500);
    // The card's ground and the band along the bottom (#0b7a6b), opaque.
    expect(first.pixel(10, 10)).toEqual([0xf6, 0xf7, 0xf9, 255]);
    expect(first.pixel(600, 620)).toEqual([0x0b, 0x7a, 0x6b, 255]);
  });
});

describe('the card renderer', () => {
  it('draws a card once per content and answers the same content from memory', async () => {
    const renderer = createCardRenderer();
    const first = await renderer.card(siteCardSvg());
    expect(first.fallback).toBe(false);
    expect(first.card.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const [again, alongside] = await Promise.all([renderer.card(siteCardSvg()), renderer.card(siteCardSvg())]);
    expect(again.card).toBe(first.card);
    expect(alongside.card).toBe(first.card);
    const other = await renderer.card(siteCardSvg().replace('学生のために', '学生のためへ'));
    expect(other.card.etag).not.toBe(first.card.etag);
  });

  it('lets a few cards wait and answers the site card at once past them, drawing nothing more', async () => {
    const gate = gatedDraw();
    const renderer = createCardRenderer({ draw: gate.draw, siteSvg: 'site', concurrency: 1, maxWaiting: 2 });
    // The site card first, as it is drawn for any page's og:image.
    const site = renderer.siteCard();
    await gate.next();
    const siteCard = await site;
    const requests = ['a', 'b', 'c', 'd', 'e'].map((svg) => renderer.card(svg));
    // a draws, b and c wait; d and e get the site card without waiting for anything.
    const [d, e] = await Promise.all([requests[3], requests[4]]);
    expect(d).toEqual({ card: siteCard, fallback: true });
    expect(e).toEqual({ card: siteCard, fallback: true });
    expect(gate.started).toBe(2);
    expect(renderer.held.drawing).toBe(3);
    // A request for a card being drawn waits for that one drawing, not for a place.
    const sameAsB = renderer.card('b');
    await gate.next();
    await gate.next();
    await gate.next();
    const answers = await Promise.all([...requests.slice(0, 3), sameAsB]);
    expect(answers.map((answer) => [answer.card.png.toString(), answer.fallback])).toEqual([
      ['a', false],
      ['b', false],
      ['c', false],
      ['b', false],
    ]);
    expect(gate.started).toBe(4);
    expect(renderer.held).toEqual({ cards: 3, bytes: 3, drawing: 0 });
  });

  it('keeps drawn cards within its byte budget, the least recently used going first', async () => {
    const draws: string[] = [];
    const draw = async (svg: string) => {
      draws.push(svg);
      return Buffer.alloc(Number(svg.split(':')[1]));
    };
    const renderer = createCardRenderer({ draw, cacheBytes: 100 });
    for (const svg of ['a:40', 'b:40', 'a:40', 'c:40']) await renderer.card(svg);
    expect(renderer.held).toEqual({ cards: 2, bytes: 80, drawing: 0 });
    // b, used least recently, went for c; a stayed.
    for (const svg of ['a:40', 'b:40']) await renderer.card(svg);
    expect(draws).toEqual(['a:40', 'b:40', 'c:40', 'b:40']);
    for (let index = 0; index < 500; index++) {
      await renderer.card(`card${index}:${10 + (index % 30)}`);
      expect(renderer.held.bytes).toBeLessThanOrEqual(100);
    }
  });
});
