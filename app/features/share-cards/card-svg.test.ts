import { describe, expect, it } from 'vitest';
import { badgeCardSvg, companyCardSvg, escapeXml, fitLines, siteCardSvg, textWidth } from './card-svg';

describe('share card text', () => {
  it('escapes what would break the SVG', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;&#60;/a&#62;');
  });

  it('counts Japanese as full width and Latin as about half', () => {
    expect(textWidth('株式会社', 10)).toBe(40);
    expect(textWidth('abc', 10)).toBeLessThan(20);
  });

  it('breaks lines to the width and ends the last one in 「…」 when the text does not fit', () => {
    expect(fitLines('株式会社', { maxWidth: 100, fontSize: 50, maxLines: 3 })).toEqual(['株式', '会社']);
    const lines = fitLines('あいうえおかきくけこさしすせそ', { maxWidth: 100, fontSize: 20, maxLines: 2 });
    expect(lines).toEqual(['あいうえお', 'かきくけ…']);
    for (const line of lines) expect(textWidth(line, 20)).toBeLessThanOrEqual(100);
  });
});

describe('share cards', () => {
  it('are 1200 × 630 and carry the site name', () => {
    for (const svg of [
      siteCardSvg(),
      companyCardSvg({ name: 'A', industryName: 'B', prefectureName: 'C', rating: null, reportCount: 0, postCount: 0 }),
    ]) {
      expect(svg).toMatch(/^<svg [^>]*width="1200" height="630"/);
      expect(svg).toContain('シューログ');
    }
  });

  it('show a company’s name, industry, prefecture, rating and counts, escaped', () => {
    const svg = companyCardSvg({
      name: '株式会社<テスト>&商事',
      industryName: '商社',
      prefectureName: '大阪府',
      rating: 3.9,
      reportCount: 12,
      postCount: 46,
    });
    expect(svg).toContain('株式会社&#60;テスト&#62;&#38;商事');
    expect(svg).toContain('商社');
    expect(svg).toContain('大阪府・投稿 46件');
    expect(svg).toContain('3.9点');
    expect(svg).toContain('インターン体験記 12件の評価');
    expect(svg).not.toContain('<テスト>');
  });

  it('say when a company has no rating yet', () => {
    const svg = companyCardSvg({ name: 'A', industryName: 'B', prefectureName: 'C', rating: null, reportCount: 0, postCount: 3 });
    expect(svg).toContain('インターンの評価はまだありません');
    expect(svg).not.toContain('点<');
  });

  it('show a badge’s medal in its tier color, its name and 「バッジを獲得しました」', () => {
    const svg = badgeCardSvg({
      name: '会員登録完了',
      tier: 'gold',
      tierLabel: 'ゴールド',
      iconSvg: '<svg viewBox="0 0 64 64" width="100" height="100" class="x"><circle fill="currentColor"/></svg>',
    });
    expect(svg).toContain('バッジを獲得しました');
    expect(svg).toContain('会員登録完了');
    expect(svg).toContain('ゴールドバッジ');
    expect(svg).toContain('<svg x="104" y="102" width="260" height="260" viewBox="0 0 64 64"><circle fill="#b8860b"/>');
  });
});
