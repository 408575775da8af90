// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { badgeCardSvg, companyCardSvg, siteCardSvg } from './card-svg';
import { cardFontFiles, fontkitGlyphsHeld, glyphCacheBytes, hasCardFonts, openFace, outlineText } from './text-outlines.server';

const COMPANY = { name: '株式会社テスト商事 Holdings', industryName: 'IT・通信', prefectureName: '東京都', reportCount: 12, postCount: 46 };

describe('card text as outlines', () => {
  it('has the Noto Sans CJK JP faces, regular and bold (fonts-noto-cjk is installed where cards are drawn)', () => {
    const faces = cardFontFiles().map(openFace);
    expect(faces.map((face) => [face.font.postscriptName, face.weight])).toEqual([
      ['NotoSansCJKjp-Regular', 400],
      ['NotoSansCJKjp-Bold', 700],
    ]);
    // Every character the cards always show has a glyph of its own (no tofu).
    for (const face of faces) {
      for (const char of 'シューログ先輩の就活体験記・ES・クチコミバッジを獲得しました点件') {
        expect(face.font.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true);
      }
    }
  });

  it('leaves resvg no text to set: every <text> of every card becomes glyph paths', () => {
    expect(hasCardFonts()).toBe(true);
    for (const svg of [
      siteCardSvg(),
      companyCardSvg({ ...COMPANY, rating: 3.9 }),
      companyCardSvg({ ...COMPANY, name: '<&>"\'', rating: null }),
      badgeCardSvg({
        name: '会員登録完了',
        tier: 'gold',
        tierLabel: 'ゴールド',
        iconSvg: '<svg viewBox="0 0 64 64"><circle r="1"/></svg>',
      }),
    ]) {
      const texts = svg.match(/<text /g)!.length;
      const outlined = outlineText(svg);
      expect(outlined).not.toContain('<text');
      expect(outlined.match(/<g fill="[^"]+" transform="translate\([\d. ]+\) scale\([\d.]+ -[\d.]+\)">/g)).toHaveLength(texts);
      expect(outlined).toMatch(/<path transform="translate\(\d+ 0\)" d="M[^"]+Z"\/>/);
    }
  });

  it('sets runs by the font: anchors, weights and sizes move and scale the glyphs', () => {
    const svg = (attributes: string, text = 'シューログ') => `<svg><text ${attributes}>${text}</text></svg>`;
    const regular = outlineText(svg('x="100" y="50" font-size="40" font-weight="400" fill="#111111"'));
    const bold = outlineText(svg('x="100" y="50" font-size="40" font-weight="700" fill="#111111"'));
    expect(regular).toMatch(/^<svg><g fill="#111111" transform="translate\(100 50\) scale\(0.04 -0.04\)">/);
    expect(bold).not.toBe(regular);
    // Five full-width kana: 200 px at 40 px, so the end anchor starts 200 px to the left, the middle 100 px.
    expect(outlineText(svg('x="300" y="50" font-size="40" fill="#111111" text-anchor="end"'))).toContain('translate(100 50)');
    expect(outlineText(svg('x="300" y="50" font-size="40" fill="#111111" text-anchor="middle"'))).toContain('translate(200 50)');
    // Escaped text is set as the characters it stands for.
    expect(outlineText(svg('x="0" y="0" font-size="10" fill="#000"', '&#60;'))).toBe(
      outlineText(svg('x="0" y="0" font-size="10" fill="#000"', '&lt;')),
    );
  });

  it('holds a bounded cache of outlines, and fontkit none of its glyphs between runs', () => {
    // 3,000 different kanji, as a flood of cards with ever new names would bring.
    for (let start = 0x4e00; start < 0x4e00 + 3_000; start += 30) {
      const text = String.fromCodePoint(...Array.from({ length: 30 }, (_, index) => start + index));
      outlineText(`<text x="0" y="0" font-size="10" font-weight="700" fill="#000">${text}</text>`);
      expect(fontkitGlyphsHeld()).toBe(0);
    }
    expect(glyphCacheBytes()).toBeGreaterThan(0);
    expect(glyphCacheBytes()).toBeLessThanOrEqual(4 * 1024 * 1024);
  });
});
