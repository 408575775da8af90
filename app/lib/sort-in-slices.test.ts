import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeInSlices, sortInSlices } from './sort-in-slices';

describe('sortInSlices', () => {
  const immediately = () => Promise.resolve();

  it('orders like a stable Array sort, across many slices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 0, maxLength: 20_000, size: 'max' }), async (keys) => {
        const items = Int32Array.from(keys, (_, at) => at);
        const compare = (a: number, b: number) => keys[a]! - keys[b]!;
        const expected = Array.from(items).sort(compare);
        expect(Array.from(await sortInSlices(items, compare, immediately))).toEqual(expected);
      }),
      { numRuns: 20 },
    );
  });

  it('pauses between slices and leaves its input as it was', async () => {
    const items = Int32Array.from({ length: 30_000 }, (_, at) => 30_000 - at);
    let pauses = 0;
    const sorted = await sortInSlices(
      items,
      (a, b) => a - b,
      async () => {
        pauses += 1;
      },
    );
    expect(sorted[0]).toBe(1);
    expect(sorted[29_999]).toBe(30_000);
    expect(items[0]).toBe(30_000);
    expect(pauses).toBeGreaterThan(10);
  });
});

describe('mergeInSlices', () => {
  it('merges two sorted lists into one, the first list winning ties', async () => {
    const keys = [5, 1, 3, 3, 9, 1, 3, 7];
    const compare = (a: number, b: number) => keys[a]! - keys[b]!;
    const merged = await mergeInSlices(Int32Array.from([1, 2, 0]), Int32Array.from([5, 6, 3, 7]), compare, () => Promise.resolve());
    expect(Array.from(merged)).toEqual([1, 5, 2, 6, 3, 0, 7]);
  });
});
