// The cards' text as glyph outlines (docs/decisions/055-share-cards-under-load.md). resvg-js
// builds a new font database for every render, so each card loaded the two 20 MB Noto Sans CJK
// collections again (150–200 ms). Here the Japanese faces are opened once per process with
// fontkit, each <text> that card-svg.ts writes is set (shaped, kerned) and replaced by the paths
// of its glyphs, and resvg draws an SVG that needs no font at all.
import { existsSync, readFileSync } from 'node:fs';
import { create, type Font, type Glyph } from 'fontkit';
import { ByteLru } from '../../lib/byte-lru';
import { logger } from '../../lib/logger.server';

const DEFAULT_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
];
/**
 * Glyph outlines kept as SVG path data (about 0.7 KB a kanji, in font units): 4 MB holds some
 * 6,000 glyphs, more than the cards' names use, and no more however many names pass.
 */
const GLYPH_CACHE_BYTES = 4 * 1024 * 1024;

export type Face = { font: Font; weight: number };

/** The font files of CARD_FONT_FILES (comma-separated), else Debian's fonts-noto-cjk; those that exist. */
export function cardFontFiles(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.CARD_FONT_FILES?.split(',')
    .map((file) => file.trim())
    .filter(Boolean);
  return (configured?.length ? configured : DEFAULT_FONT_FILES).filter((file) => existsSync(file));
}

/**
 * One face per file: of a collection, the Japanese sans face (Noto Sans CJK's collections hold the
 * JP, KR, SC, TC and HK faces and their monospaced kin, which draw some kanji differently).
 */
export function openFace(file: string): Face {
  const opened = create(readFileSync(file));
  const faces = 'fonts' in opened ? opened.fonts : [opened];
  const proportional = faces.filter((face) => !/Mono/i.test(face.postscriptName));
  const font = proportional.find((face) => /jp/i.test(face.postscriptName)) ?? proportional[0] ?? faces[0]!;
  return { font, weight: font['OS/2']?.usWeightClass ?? 400 };
}

let faces: Face[] | undefined;

/** The faces, opened on first use and kept for the process: about 40 MB of font files, read once. */
function loadedFaces(): Face[] {
  if (faces) return faces;
  faces = [];
  for (const file of cardFontFiles()) {
    try {
      faces.push(openFace(file));
    } catch (error) {
      logger().warn({ err: error, file }, 'share cards: a font file could not be read');
    }
  }
  if (faces.length === 0) {
    logger().warn('share cards: no Noto Sans CJK font found (apt-get install fonts-noto-cjk, or set CARD_FONT_FILES); using system fonts');
  }
  return faces;
}

/** True when the cards' text is drawn from the fonts held here; false when resvg must find fonts itself. */
export function hasCardFonts(): boolean {
  return loadedFaces().length > 0;
}

/** The face whose weight is nearest (a tie goes to the bolder). */
function faceFor(weight: number): Face {
  let best = faces![0]!;
  for (const face of faces!) {
    const distance = Math.abs(face.weight - weight) - Math.abs(best.weight - weight);
    if (distance < 0 || (distance === 0 && face.weight > best.weight)) best = face;
  }
  return best;
}

const glyphPaths = new ByteLru<string, string>(GLYPH_CACHE_BYTES);

/** The glyph's outline as path data in font units (y up); '' for a blank such as a space. */
function glyphPath(face: Face, glyph: Glyph): string {
  const key = `${face.weight}:${glyph.id}`;
  let path = glyphPaths.get(key);
  if (path === undefined) {
    path = glyph.path.toSVG();
    // Path data is ASCII: V8 keeps it one byte a character.
    glyphPaths.set(key, path, path.length + key.length + 64);
  }
  return path;
}

/**
 * fontkit keeps every glyph it has made, outline and all (some 12 KB a kanji), for the life of
 * the font: over a process's life that would be every glyph a card ever drew. The outlines are
 * kept above within a budget, so fontkit's own glyphs are dropped after each run.
 */
function forgetGlyphs(font: Font): void {
  const kept = (font as unknown as { _glyphs?: Record<string, unknown> })._glyphs;
  // Also those that shaping made and substituted away.
  if (kept) for (const id of Object.keys(kept)) delete kept[id];
}

const ENTITY = /&#(x[0-9a-f]+|\d+);|&(amp|lt|gt|quot|apos);/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(ENTITY, (_, code: string | undefined, name: string | undefined) =>
    code
      ? String.fromCodePoint(code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code))
      : NAMED[name!.toLowerCase()]!,
  );
}

const round = (value: number) => Math.round(value * 100) / 100;

type TextRun = { x: number; y: number; size: number; weight: number; fill: string; anchor: string; text: string };

/** One run of text as a group of glyph paths, placed and scaled from font units (y up) to the card's pixels (y down). */
function outlineRun(run: TextRun): string {
  const face = faceFor(run.weight);
  const scale = run.size / face.font.unitsPerEm;
  const layout = face.font.layout(run.text);
  let x = run.x;
  if (run.anchor === 'end') x -= layout.advanceWidth * scale;
  else if (run.anchor === 'middle') x -= (layout.advanceWidth * scale) / 2;
  const paths: string[] = [];
  let pen = 0;
  layout.glyphs.forEach((glyph, index) => {
    const position = layout.positions[index]!;
    const path = glyphPath(face, glyph);
    if (path) paths.push(`<path transform="translate(${pen + position.xOffset} ${position.yOffset})" d="${path}"/>`);
    pen += position.xAdvance;
  });
  forgetGlyphs(face.font);
  return `<g fill="${run.fill}" transform="translate(${round(x)} ${round(run.y)}) scale(${scale} ${-scale})">${paths.join('')}</g>`;
}

/** A <text> element as card-svg.ts writes it: attributes in double quotes, escaped text, no child elements. */
const TEXT_ELEMENT = /<text ([^>]*)>([^<]*)<\/text>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/**
 * The card's SVG with every <text> replaced by the outlines of its glyphs, or the SVG as it is
 * when no font could be opened (resvg then draws the text with the system's fonts).
 */
export function outlineText(svg: string): string {
  if (!hasCardFonts()) return svg;
  return svg.replace(TEXT_ELEMENT, (_, attributeText: string, content: string) => {
    const attributes = new Map([...attributeText.matchAll(ATTRIBUTE)].map((match) => [match[1]!, match[2]!]));
    return outlineRun({
      x: Number(attributes.get('x') ?? 0),
      y: Number(attributes.get('y') ?? 0),
      size: Number(attributes.get('font-size') ?? 16),
      weight: Number(attributes.get('font-weight') ?? 400),
      fill: attributes.get('fill') ?? '#000000',
      anchor: attributes.get('text-anchor') ?? 'start',
      text: unescapeXml(content),
    });
  });
}

/** What the outlines hold in memory (tests and the decision's figures). */
export function glyphCacheBytes(): number {
  return glyphPaths.bytes;
}

/** How many glyphs fontkit itself holds for the faces: none between runs. */
export function fontkitGlyphsHeld(): number {
  return loadedFaces().reduce((sum, face) => sum + Object.keys((face.font as unknown as { _glyphs?: object })._glyphs ?? {}).length, 0);
}
