// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { siteCardSvg } from './card-svg';
import { clearCardCache, renderCard } from './render-card.server';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('renderCard', () => {
  it('draws a 1200 × 630 PNG once per content and answers the same content from memory', async () => {
    clearCardCache();
    const first = await renderCard(siteCardSvg());
    expect(pngSize(first.png)).toEqual({ width: 1200, height: 630 });
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const again = await renderCard(siteCardSvg());
    expect(again).toBe(first);
    const other = await renderCard(siteCardSvg().replace('学生のために', '学生のためへ'));
    expect(other.etag).not.toBe(first.etag);
  });
});
