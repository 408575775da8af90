import { describe, expect, it } from 'vitest';
import { contentVersion, pageMeta } from './meta';

const tag = (tags: ReturnType<typeof pageMeta>, key: string) =>
  tags.find((entry) => (entry as Record<string, string>).property === key || (entry as Record<string, string>).name === key) as
    | Record<string, string>
    | undefined;

describe('pageMeta share cards', () => {
  it('gives every page with a known origin the site card, large', () => {
    const tags = pageMeta({ title: 'ログイン', description: '説明', origin: 'https://shulog.example', noindex: true });
    expect(tag(tags, 'twitter:card')?.content).toBe('summary_large_image');
    expect(tag(tags, 'og:image')?.content).toBe('https://shulog.example/og/site.png');
    expect(tag(tags, 'og:image:width')?.content).toBe('1200');
    expect(tag(tags, 'og:image:height')?.content).toBe('630');
    expect(tag(tags, 'og:image:alt')?.content).toContain('シューログ');
    expect(tag(tags, 'twitter:image')?.content).toBe('https://shulog.example/og/site.png');
  });

  it('uses the page’s own card, at the configured origin', () => {
    const tags = pageMeta({
      description: '説明',
      path: '/badges/101',
      origin: 'https://shulog.example',
      image: { path: '/og/badges/101/card.png', alt: '「会員登録完了」バッジを獲得しました' },
    });
    expect(tag(tags, 'og:image')?.content).toBe('https://shulog.example/og/badges/101/card.png');
    expect(tag(tags, 'og:image:alt')?.content).toBe('「会員登録完了」バッジを獲得しました');
  });

  it('writes no image URL without an origin (a relative og:image is not followed)', () => {
    expect(tag(pageMeta({ description: '説明' }), 'og:image')).toBeUndefined();
  });
});

describe('contentVersion', () => {
  it('is short, stable, and changes with the content', () => {
    expect(contentVersion('株式会社A 4.0')).toBe(contentVersion('株式会社A 4.0'));
    expect(contentVersion('株式会社A 4.0')).not.toBe(contentVersion('株式会社A 4.1'));
    expect(contentVersion('x')).toMatch(/^[0-9a-z]{1,7}$/);
  });
});
