// The share cards (og:image, 1200 × 630; issue 18 goal 7, docs/decisions/043-share-cards.md),
// drawn as SVG here and turned into PNG on the server (render-card.server.ts). Pure functions of
// what the card shows, so a card's SVG (and its hash, the cache key) changes only when its
// content does. Japanese text is set in Noto Sans CJK JP; lines are broken by an estimate of
// each character's width, since SVG text does not wrap.

import { CARD_SIZE } from '../../lib/meta';
import { starPoints } from '../badges/components/badge-icon';

export const CARD_WIDTH = CARD_SIZE.width;
export const CARD_HEIGHT = CARD_SIZE.height;

const ACCENT = '#0b7a6b';
const ACCENT_STRONG = '#085f53';
const TEXT = '#222222';
const MUTED = '#5b6470';
const SURFACE = '#f6f7f9';
const FONT = "'Noto Sans CJK JP', 'Noto Sans JP', sans-serif";

export const TIER_COLORS = { gold: '#b8860b', silver: '#7d8590', bronze: '#a0522d' } as const;
export const TIER_TINTS = { gold: '#fbf3dc', silver: '#eef0f3', bronze: '#f8ebe3' } as const;

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A character's advance in ems, near enough for Noto Sans CJK: full width, or about half. */
function advance(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return /[A-Z0-9MW@%&]/.test(char) ? 0.66 : /[il.,:;'!|]/.test(char) ? 0.3 : 0.56;
  if (code >= 0xff61 && code <= 0xff9f) return 0.5;
  return 1;
}

export function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const char of text) width += advance(char);
  return width * fontSize;
}

/**
 * The text in at most `maxLines` lines no wider than `maxWidth`; the last line ends in 「…」 when
 * the text does not fit.
 */
export function fitLines(text: string, options: { maxWidth: number; fontSize: number; maxLines: number }): string[] {
  const lines: string[] = [];
  let current = '';
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    if (current === '' && char === ' ') continue;
    if (textWidth(current + char, options.fontSize) <= options.maxWidth) {
      current += char;
      continue;
    }
    lines.push(current);
    current = char === ' ' ? '' : char;
    if (lines.length === options.maxLines) {
      let last = lines.pop()!;
      while (last && textWidth(`${last}…`, options.fontSize) > options.maxWidth) last = [...last].slice(0, -1).join('');
      lines.push(`${last}…`);
      return lines;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The first of `sizes` (largest first) at which the text fits in `maxLines` lines; else the smallest. */
function fittingSize(text: string, options: { maxWidth: number; sizes: number[]; maxLines: number }): number {
  const fits = (size: number) =>
    fitLines(text, { maxWidth: options.maxWidth, fontSize: size, maxLines: options.maxLines }).join('') === text;
  return options.sizes.find(fits) ?? options.sizes.at(-1)!;
}

function textLines(
  lines: string[],
  options: { x: number; y: number; fontSize: number; lineHeight: number; fill: string; weight: number },
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${options.x}" y="${options.y + index * options.fontSize * options.lineHeight}" font-family="${FONT}" font-size="${options.fontSize}" font-weight="${options.weight}" fill="${options.fill}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** The site's mark and name, and the band along the bottom that every card shares. */
function frame(body: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>`,
    `<rect x="0" y="0" width="${CARD_WIDTH}" height="${CARD_HEIGHT - 96}" fill="${SURFACE}"/>`,
    `<rect x="40" y="40" width="${CARD_WIDTH - 80}" height="${CARD_HEIGHT - 176}" rx="24" fill="#ffffff" stroke="#dfe3e8" stroke-width="2"/>`,
    body,
    `<rect x="0" y="${CARD_HEIGHT - 96}" width="${CARD_WIDTH}" height="96" fill="${ACCENT}"/>`,
    `<rect x="64" y="${CARD_HEIGHT - 72}" width="48" height="48" rx="10" fill="#ffffff"/>`,
    `<text x="88" y="${CARD_HEIGHT - 33}" font-family="${FONT}" font-size="34" font-weight="700" fill="${ACCENT}" text-anchor="middle">S</text>`,
    `<text x="128" y="${CARD_HEIGHT - 34}" font-family="${FONT}" font-size="34" font-weight="700" fill="#ffffff">シューログ</text>`,
    `<text x="${CARD_WIDTH - 64}" y="${CARD_HEIGHT - 38}" font-family="${FONT}" font-size="24" font-weight="400" fill="#ffffff" text-anchor="end">先輩の就活体験記・ES・クチコミ</text>`,
    '</svg>',
  ].join('');
}

/** The card of every page without one of its own. */
export function siteCardSvg(): string {
  return frame(
    [
      textLines(['先輩の就活ログで、', '次の一歩を決めよう'], { x: 104, y: 200, fontSize: 72, lineHeight: 1.35, fill: TEXT, weight: 700 }),
      textLines(['インターン体験記・ES・選考体験記・クチコミを、', '学生が学生のために。'], {
        x: 104,
        y: 380,
        fontSize: 32,
        lineHeight: 1.5,
        fill: MUTED,
        weight: 400,
      }),
    ].join(''),
  );
}

export type CompanyCardFacts = {
  name: string;
  industryName: string;
  prefectureName: string;
  /** The internship rating (1–5) and how many reports it averages; null before the first. */
  rating: number | null;
  reportCount: number;
  postCount: number;
};

function stars(x: number, y: number, rating: number, size: number): string {
  const shapes: string[] = [];
  const points = (cx: number, cy: number, outer: number) => starPoints(cx, cy, outer, outer * 0.45);
  for (let index = 0; index < 5; index += 1) {
    const cx = x + size / 2 + index * size * 1.1;
    const filled = Math.max(0, Math.min(1, rating - index));
    shapes.push(`<polygon points="${points(cx, y, size / 2)}" fill="#d5d9de"/>`);
    if (filled > 0) {
      shapes.push(
        `<clipPath id="s${index}"><rect x="${cx - size / 2}" y="${y - size / 2}" width="${size * filled}" height="${size}"/></clipPath>`,
        `<polygon points="${points(cx, y, size / 2)}" fill="#e8a317" clip-path="url(#s${index})"/>`,
      );
    }
  }
  return shapes.join('');
}

/** A company: its name, industry and prefecture, the internship rating and the number of posts. */
export function companyCardSvg(facts: CompanyCardFacts): string {
  const maxWidth = CARD_WIDTH - 208;
  const size = fittingSize(facts.name, { maxWidth, sizes: [76, 66, 58, 50], maxLines: 2 });
  const nameLines = fitLines(facts.name, { maxWidth, fontSize: size, maxLines: 2 });
  const nameTop = nameLines.length === 1 ? 200 : 160;
  const nameBottom = nameTop + (nameLines.length - 1) * size * 1.3;
  const metaY = nameBottom + 70;
  const ratingY = metaY + 110;
  const rating =
    facts.rating === null
      ? textLines(['インターンの評価はまだありません'], { x: 104, y: ratingY, fontSize: 34, lineHeight: 1.4, fill: MUTED, weight: 400 })
      : [
          stars(104, ratingY - 14, facts.rating, 44),
          textLines([`${facts.rating.toFixed(1)}点`], { x: 370, y: ratingY, fontSize: 44, lineHeight: 1.4, fill: TEXT, weight: 700 }),
          textLines([`インターン体験記 ${facts.reportCount}件の評価`], {
            x: 500,
            y: ratingY,
            fontSize: 28,
            lineHeight: 1.4,
            fill: MUTED,
            weight: 400,
          }),
        ].join('');
  return frame(
    [
      textLines(nameLines, { x: 104, y: nameTop, fontSize: size, lineHeight: 1.3, fill: TEXT, weight: 700 }),
      `<rect x="104" y="${metaY - 38}" width="${Math.ceil(textWidth(facts.industryName, 28)) + 40}" height="52" rx="26" fill="#e3f2ef"/>`,
      textLines([facts.industryName], { x: 124, y: metaY - 2, fontSize: 28, lineHeight: 1.4, fill: ACCENT_STRONG, weight: 700 }),
      textLines([`${facts.prefectureName}・投稿 ${facts.postCount}件`], {
        x: 104 + Math.ceil(textWidth(facts.industryName, 28)) + 64,
        y: metaY - 2,
        fontSize: 28,
        lineHeight: 1.4,
        fill: MUTED,
        weight: 400,
      }),
      rating,
    ].join(''),
  );
}

export type BadgeCardFacts = {
  name: string;
  tier: keyof typeof TIER_COLORS;
  tierLabel: string;
  /** The medal as an SVG element (the site's own BadgeIcon, drawn in the tier's color). */
  iconSvg: string;
};

/** A badge: the medal, its name and 「バッジを獲得しました」. */
export function badgeCardSvg(facts: BadgeCardFacts): string {
  const color = TIER_COLORS[facts.tier];
  const maxWidth = CARD_WIDTH - 104 - 420;
  const size = fittingSize(facts.name, { maxWidth, sizes: [60, 52, 44], maxLines: 2 });
  const nameLines = fitLines(facts.name, { maxWidth, fontSize: size, maxLines: 2 });
  // Placed and sized here: the medal's own size and class (for the page's CSS) are dropped.
  const icon = facts.iconSvg
    .replace(/^<svg[^>]*?viewBox="([^"]+)"[^>]*>/, '<svg x="104" y="102" width="260" height="260" viewBox="$1">')
    .replace(/currentColor/g, color);
  return frame(
    [
      `<circle cx="234" cy="232" r="160" fill="${TIER_TINTS[facts.tier]}"/>`,
      icon,
      textLines(['バッジを獲得しました'], { x: 440, y: 150, fontSize: 34, lineHeight: 1.4, fill: ACCENT_STRONG, weight: 700 }),
      textLines(nameLines, { x: 440, y: 150 + 36 + size * 1.1, fontSize: size, lineHeight: 1.3, fill: TEXT, weight: 700 }),
      textLines([`${facts.tierLabel}バッジ`], {
        x: 440,
        y: 150 + 36 + size * 1.1 + nameLines.length * size * 1.3 + 20,
        fontSize: 28,
        lineHeight: 1.4,
        fill: color === TIER_COLORS.gold ? '#7a5600' : color,
        weight: 700,
      }),
    ].join(''),
  );
}
