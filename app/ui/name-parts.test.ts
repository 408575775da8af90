import { describe, expect, it } from 'vitest';
import { nameParts } from './name-parts';

describe('nameParts', () => {
  it('breaks around a legal form, before or after the name', () => {
    expect(nameParts('株式会社ルミナシステムズ')).toEqual(['株式会社', 'ルミナ', 'システムズ']);
    expect(nameParts('白峰商事株式会社')).toEqual(['白峰商事', '株式会社']);
    expect(nameParts('早瀬ゼミナール株式会社')).toEqual(['早瀬', 'ゼミナール', '株式会社']);
  });

  it('breaks before a katakana word that ends many names, never inside it', () => {
    expect(nameParts('パルスリテール')).toEqual(['パルス', 'リテール']);
    expect(nameParts('ルミナエージェンシー')).toEqual(['ルミナ', 'エージェンシー']);
    expect(nameParts('凌雲ストアホールディングス株式会社')).toEqual(['凌雲', 'ストア', 'ホールディングス', '株式会社']);
    expect(nameParts('ルミナシステムズホールディングス')).toEqual(['ルミナ', 'システムズ', 'ホールディングス']);
  });

  it('keeps a name whole when the part before a trailing word would be too short', () => {
    expect(nameParts('コラボ')).toEqual(['コラボ']);
    expect(nameParts('ノアストア')).toEqual(['ノアストア']);
  });

  it('breaks where the writing changes between Latin letters, kanji and katakana', () => {
    expect(nameParts('MXXコミュニケーションズ株式会社')).toEqual(['MXX', 'コミュニケーションズ', '株式会社']);
    expect(nameParts('青葉システムズ')).toEqual(['青葉', 'システムズ']);
    expect(nameParts('株式会社ABCテクノロジーズ')).toEqual(['株式会社', 'ABC', 'テクノロジーズ']);
  });

  it('keeps kanji names, hiragana and ヶ inside their word', () => {
    expect(nameParts('青葉銀行')).toEqual(['青葉銀行']);
    expect(nameParts('星ヶ丘電鉄')).toEqual(['星ヶ丘電鉄']);
    expect(nameParts('日の出食品')).toEqual(['日の出食品']);
  });

  it('gives back the name when joined, for any name', () => {
    for (const name of ['', 'A', '（株）青葉', 'シューログ', 'Lumina Systems', '株式会社株式会社', '𠮷野家ホールディングス']) {
      expect(nameParts(name).join('')).toBe(name);
      expect(nameParts(name).every((part) => part.length > 0 || name === '')).toBe(true);
    }
  });
});
