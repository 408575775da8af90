import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru';

describe('ByteLru', () => {
  it('forgets the least recently used values until their bytes fit the budget', () => {
    const lru = new ByteLru<string, string>(100);
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.bytes).toBe(80);
    // Reading a makes b the least recently used.
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C', 40);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
    expect(lru.bytes).toBe(80);
    // One large value pushes out as many small ones as it needs, oldest first.
    lru.set('d', 'D', 90);
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([undefined, undefined, 'D']);
    expect(lru.bytes).toBe(90);
    expect(lru.size).toBe(1);
  });

  it('counts a replaced value once and keeps nothing larger than the budget', () => {
    const lru = new ByteLru<string, string>(100);
    lru.set('a', 'A', 30);
    lru.set('a', 'A2', 50);
    expect(lru.bytes).toBe(50);
    expect(lru.get('a')).toBe('A2');
    lru.set('huge', 'H', 101);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('a')).toBe('A2');
    lru.delete('a');
    expect(lru.bytes).toBe(0);
    lru.set('b', 'B', 10);
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });

  it('holds no more than its budget however many values pass through', () => {
    const lru = new ByteLru<number, Buffer>(16_000);
    for (let i = 0; i < 1_000; i++) {
      lru.set(i, Buffer.alloc(1_000 + (i % 7) * 500), 1_000 + (i % 7) * 500);
      expect(lru.bytes).toBeLessThanOrEqual(16_000);
    }
    // The newest are the ones kept.
    expect(lru.get(999)).toBeDefined();
    expect(lru.get(0)).toBeUndefined();
  });
});
