// A sort that lets the process answer requests while it orders hundreds of thousands of items:
// runs are sorted a slice at a time, then merged, with a pause after each slice of work. Stable,
// like Array.prototype.sort. Used by the company search catalog (docs/decisions/081).

/** Items sorted at once, and merged between two pauses. */
const SLICE = 4_096;

/** Counts merged items and pauses after each slice of them. */
type Pacer = { sinceLast: number; pause: () => Promise<void> };

/** Merges the sorted runs from[left, middle) and from[middle, end) into into[left, end); ties to the left run. */
async function mergeRuns(
  from: Int32Array,
  into: Int32Array,
  left: number,
  middle: number,
  end: number,
  compare: (a: number, b: number) => number,
  pacer: Pacer,
): Promise<void> {
  let i = left;
  let j = middle;
  let k = left;
  while (i < middle && j < end) {
    into[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
    if (++pacer.sinceLast === SLICE) {
      pacer.sinceLast = 0;
      await pacer.pause();
    }
  }
  while (i < middle) into[k++] = from[i++]!;
  while (j < end) into[k++] = from[j++]!;
}

/**
 * `items` sorted by `compare` (a new array; the input is not changed), with `pause` awaited
 * between slices of work so that no step holds the thread for long.
 */
export async function sortInSlices(
  items: Int32Array,
  compare: (a: number, b: number) => number,
  pause: () => Promise<void>,
): Promise<Int32Array> {
  let from = Int32Array.from(items);
  const n = from.length;
  for (let start = 0; start < n; start += SLICE) {
    // TypedArray sort is stable, and sorts the view in place.
    from.subarray(start, Math.min(start + SLICE, n)).sort(compare);
    if (start + SLICE < n) await pause();
  }
  let into = new Int32Array(n);
  const pacer: Pacer = { sinceLast: 0, pause };
  for (let width = SLICE; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      await mergeRuns(from, into, left, Math.min(left + width, n), Math.min(left + 2 * width, n), compare, pacer);
    }
    [from, into] = [into, from];
  }
  return from;
}

/** The two sorted lists as one sorted list (ties: `first`'s item first), pausing between slices. */
export async function mergeInSlices(
  first: Int32Array,
  second: Int32Array,
  compare: (a: number, b: number) => number,
  pause: () => Promise<void>,
): Promise<Int32Array> {
  const from = new Int32Array(first.length + second.length);
  from.set(first);
  from.set(second, first.length);
  const into = new Int32Array(from.length);
  await mergeRuns(from, into, 0, first.length, from.length, compare, { sinceLast: 0, pause });
  return into;
}
