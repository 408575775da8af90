// An in-memory index of company search keys, so that every query length, one and two
// characters included, is answered from posting lists in well under a millisecond.
// See docs/decisions/008-company-search.md.

export type IndexedCompany = {
  id: number;
  /** normalizeSearchText(name) */
  nameKey: string;
  /** normalizeSearchText(kana) */
  kanaKey: string;
};

/** A character, or a pair of characters, by their numbers in the index's alphabet (`second` -1 for one character). */
const ONE = -1;

/**
 * Slots for keys of one or two character numbers: an open-addressing hash table in typed
 * arrays. Millions of keys are looked up per rebuild; a Map keyed by strings (or by numbers that
 * are not small integers) made the rebuild three times slower and its garbage the GC's work.
 */
class KeyTable {
  private firsts: Int32Array;
  private seconds: Int32Array;
  /** The slot of each cell plus one; 0 for an empty cell. */
  private cells: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    this.firsts = new Int32Array(capacity);
    this.seconds = new Int32Array(capacity);
    this.cells = new Int32Array(capacity);
  }

  private cellOf(first: number, second: number): number {
    const mask = this.cells.length - 1;
    let hash = Math.imul(first + 1, 0x9e3779b1) ^ Math.imul(second + 2, 0x85ebca77);
    hash ^= hash >>> 15;
    let cell = hash & mask;
    while (this.cells[cell] !== 0 && (this.firsts[cell] !== first || this.seconds[cell] !== second)) cell = (cell + 1) & mask;
    return cell;
  }

  /** The key's slot, or -1. */
  find(first: number, second: number): number {
    return this.cells[this.cellOf(first, second)]! - 1;
  }

  /** The key's slot, given the next one when the key is new. */
  add(first: number, second: number): number {
    let cell = this.cellOf(first, second);
    if (this.cells[cell] !== 0) return this.cells[cell]! - 1;
    if ((this.size + 1) * 2 > this.cells.length) {
      this.grow();
      cell = this.cellOf(first, second);
    }
    this.firsts[cell] = first;
    this.seconds[cell] = second;
    this.cells[cell] = ++this.size;
    return this.size - 1;
  }

  private grow(): void {
    const { firsts, seconds, cells } = this;
    this.firsts = new Int32Array(cells.length * 2);
    this.seconds = new Int32Array(cells.length * 2);
    this.cells = new Int32Array(cells.length * 2);
    for (let cell = 0; cell < cells.length; cell++) {
      if (cells[cell] === 0) continue;
      const into = this.cellOf(firsts[cell]!, seconds[cell]!);
      this.firsts[into] = firsts[cell]!;
      this.seconds[into] = seconds[cell]!;
      this.cells[into] = cells[cell]!;
    }
  }
}

/** The posting lists of one kind of key: each list a run of one array. */
class Postings {
  constructor(
    private readonly table: KeyTable,
    private readonly offsets: Int32Array,
    private readonly positions: Int32Array,
  ) {}

  /** The ascending positions of the companies with the key; undefined when none has it. */
  get(first: number, second = ONE): Int32Array | undefined {
    const slot = this.table.find(first, second);
    return slot < 0 ? undefined : this.positions.subarray(this.offsets[slot]!, this.offsets[slot + 1]!);
  }
}

/** An Int32Array twice as long, holding `array` and then `fill`. */
function doubled(array: Int32Array, fill: number): Int32Array {
  const longer = new Int32Array(array.length * 2).fill(fill);
  longer.set(array);
  return longer;
}

/**
 * Posting lists built in two passes over the keys: the first counts each list's length, the
 * second fills one typed array, of which each list is a run. No list is ever an array of JS
 * numbers (8 bytes a position and a copy when it grows): at hundreds of thousands of companies
 * (a whole prefecture of the 法人番号 data, decision 077) those transient arrays were most of the
 * heap a rebuild needed. Positions come in ascending order, so no list needs sorting; a key that
 * occurs twice in one company (in its name and its reading) is counted once.
 */
class PostingBuilder {
  private readonly table = new KeyTable();
  private counts: Int32Array = new Int32Array(1024);
  private lastPosition: Int32Array = new Int32Array(1024).fill(-1);
  private offsets = new Int32Array(0);
  private positions = new Int32Array(0);

  count(first: number, second: number, position: number): void {
    const slot = this.table.add(first, second);
    if (slot === this.counts.length) {
      this.counts = doubled(this.counts, 0);
      this.lastPosition = doubled(this.lastPosition, -1);
    }
    if (this.lastPosition[slot] === position) return;
    this.lastPosition[slot] = position;
    this.counts[slot]! += 1;
  }

  /** After counting: each list's place in one array, for fill(). */
  allocate(): void {
    const size = this.table.size;
    this.offsets = new Int32Array(size + 1);
    for (let slot = 0; slot < size; slot++) this.offsets[slot + 1] = this.offsets[slot]! + this.counts[slot]!;
    this.positions = new Int32Array(this.offsets[size]!);
    // From here on, counts holds how many positions each list has been given.
    this.counts.fill(0);
    this.lastPosition.fill(-1);
  }

  fill(first: number, second: number, position: number): void {
    const slot = this.table.find(first, second);
    if (this.lastPosition[slot] === position) return;
    this.lastPosition[slot] = position;
    this.positions[this.offsets[slot]! + this.counts[slot]!] = position;
    this.counts[slot]! += 1;
  }

  done(): Postings {
    return new Postings(this.table, this.offsets, this.positions);
  }
}

/** Numbers for the characters the keys hold, in order of first appearance. */
class Alphabet {
  /** The number plus one of each character of the Basic Multilingual Plane (0: not seen). */
  private readonly basic = new Int32Array(0x10000);
  /** Characters beyond it (𠮷): rare. */
  private readonly astral = new Map<number, number>();
  private size = 0;

  private numberOf(code: number, add: boolean): number {
    if (code < 0x10000) {
      if (this.basic[code] === 0 && add) this.basic[code] = ++this.size;
      return this.basic[code]! - 1;
    }
    let number = this.astral.get(code);
    if (number === undefined && add) {
      number = this.size++;
      this.astral.set(code, number);
    }
    return number ?? -1;
  }

  /** The key's characters as numbers, adding those not seen before (read by UTF-16 unit, not by iterator: no string a character). */
  add(key: string, into: number[]): void {
    into.length = 0;
    for (let i = 0; i < key.length; i++) {
      const code = key.codePointAt(i)!;
      if (code > 0xffff) i += 1;
      into.push(this.numberOf(code, true));
    }
  }

  /** The query's characters as numbers; null when one of them is in no key. */
  lookUp(points: readonly string[]): number[] | null {
    const numbers: number[] = [];
    for (const point of points) {
      const number = this.numberOf(point.codePointAt(0)!, false);
      if (number < 0) return null;
      numbers.push(number);
    }
    return numbers;
  }
}

/** The four kinds of keys: characters, pairs, first characters, first pairs. */
type Builders = readonly [PostingBuilder, PostingBuilder, PostingBuilder, PostingBuilder];

/** Counts, or fills in, each key of the four kinds a company's search key (as numbers) gives. */
function eachKey(points: readonly number[], position: number, builders: Builders, fill: boolean) {
  if (points.length === 0) return;
  const [chars, pairs, first, firstPair] = builders;
  // No closure per call: this runs for every company at every rebuild.
  if (fill) {
    first.fill(points[0]!, ONE, position);
    if (points.length > 1) firstPair.fill(points[0]!, points[1]!, position);
    for (let i = 0; i < points.length; i++) {
      chars.fill(points[i]!, ONE, position);
      if (i + 1 < points.length) pairs.fill(points[i]!, points[i + 1]!, position);
    }
  } else {
    first.count(points[0]!, ONE, position);
    if (points.length > 1) firstPair.count(points[0]!, points[1]!, position);
    for (let i = 0; i < points.length; i++) {
      chars.count(points[i]!, ONE, position);
      if (i + 1 < points.length) pairs.count(points[i]!, points[i + 1]!, position);
    }
  }
}

/** Companies indexed between two pauses of an index built in slices (CompanySearchIndex.build). */
const SLICE = 4_000;

type IndexFields = {
  ids: Int32Array;
  nameKeys: readonly string[];
  kanaKeys: readonly string[];
  alphabet: Alphabet;
  chars: Postings;
  bigrams: Postings;
  prefix1: Postings;
  prefix2: Postings;
};

/**
 * Companies are kept in the order given (the tie order: most talked-about first). A query
 * answers names that start with it first, then names that contain it, each in that order.
 */
export class CompanySearchIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly nameKeys: readonly string[];
  private readonly kanaKeys: readonly string[];
  private readonly alphabet: Alphabet;
  private readonly chars: Postings;
  private readonly bigrams: Postings;
  private readonly prefix1: Postings;
  private readonly prefix2: Postings;

  private constructor(fields: IndexFields) {
    this.size = fields.ids.length;
    this.ids = fields.ids;
    this.nameKeys = fields.nameKeys;
    this.kanaKeys = fields.kanaKeys;
    this.alphabet = fields.alphabet;
    this.chars = fields.chars;
    this.bigrams = fields.bigrams;
    this.prefix1 = fields.prefix1;
    this.prefix2 = fields.prefix2;
  }

  /** The index, built at once (small lists, tests). */
  static of(companies: readonly IndexedCompany[]): CompanySearchIndex {
    const steps = CompanySearchIndex.indexing(
      Int32Array.from(companies, (company) => company.id),
      companies.map((company) => company.nameKey),
      companies.map((company) => company.kanaKey),
    );
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /**
   * The index of the companies `ids` with their keys at the same positions, built a slice of
   * companies at a time with `pause` between slices, so that a process answers its requests
   * while it indexes hundreds of thousands of companies. The arrays are kept, not copied.
   */
  static async build(
    ids: Int32Array,
    nameKeys: readonly string[],
    kanaKeys: readonly string[],
    pause: () => Promise<void>,
  ): Promise<CompanySearchIndex> {
    const steps = CompanySearchIndex.indexing(ids, nameKeys, kanaKeys);
    let step = steps.next();
    while (!step.done) {
      await pause();
      step = steps.next();
    }
    return step.value;
  }

  /** Builds the index, stopping (yielding) after each slice of companies. */
  private static *indexing(ids: Int32Array, nameKeys: readonly string[], kanaKeys: readonly string[]): Generator<void, CompanySearchIndex> {
    const alphabet = new Alphabet();
    const builders: Builders = [new PostingBuilder(), new PostingBuilder(), new PostingBuilder(), new PostingBuilder()];
    const points: number[] = [];
    for (const fill of [false, true]) {
      for (let position = 0; position < ids.length; position++) {
        if (position > 0 && position % SLICE === 0) yield;
        alphabet.add(nameKeys[position]!, points);
        eachKey(points, position, builders, fill);
        alphabet.add(kanaKeys[position]!, points);
        eachKey(points, position, builders, fill);
      }
      if (!fill) for (const builder of builders) builder.allocate();
    }
    const [chars, bigrams, prefix1, prefix2] = builders.map((builder) => builder.done()) as [Postings, Postings, Postings, Postings];
    return new CompanySearchIndex({ ids, nameKeys, kanaKeys, alphabet, chars, bigrams, prefix1, prefix2 });
  }

  private startsWith(position: number, query: string): boolean {
    return this.nameKeys[position]!.startsWith(query) || this.kanaKeys[position]!.startsWith(query);
  }

  private contains(position: number, query: string): boolean {
    return this.nameKeys[position]!.includes(query) || this.kanaKeys[position]!.includes(query);
  }

  /** The query's bigram lists, shortest first; null when one bigram occurs nowhere. */
  private bigramLists(numbers: number[]): Int32Array[] | null {
    const lists: Int32Array[] = [];
    for (let i = 0; i + 1 < numbers.length; i++) {
      const list = this.bigrams.get(numbers[i]!, numbers[i + 1]!);
      if (!list) return null;
      lists.push(list);
    }
    return lists.sort((a, b) => a.length - b.length);
  }

  /** The smallest posting list that every company containing the query must be in. */
  private containCandidates(numbers: number[], lists: Int32Array[] | null): Int32Array {
    if (numbers.length === 1) return this.chars.get(numbers[0]!) ?? EMPTY;
    return lists?.[0] ?? EMPTY;
  }

  /** Positions of names that may start with the query (two characters and more). */
  private prefixCandidates(numbers: number[], lists: Int32Array[] | null): Int32Array {
    const prefix = this.prefix2.get(numbers[0]!, numbers[1]!);
    if (!prefix || !lists) return EMPTY;
    // A prefix match also holds the query's rarest bigram. When that list is much shorter, the
    // intersection saves checking thousands of names that cannot match (青葉情報シ among all
    // 青葉…); otherwise the names are checked in order and the scan stops at the limit.
    const rarest = lists[0]!;
    return numbers.length > 2 && rarest.length * 4 < prefix.length ? intersect(rarest, prefix) : prefix;
  }

  /**
   * Company ids matching an already normalised query: prefix matches first, then the rest,
   * at most `limit` of them (all of them when limit is Infinity).
   */
  search(query: string, limit: number): number[] {
    return this.positions(query, limit).map((position) => this.ids[position]!);
  }

  /** Like search(), but the companies' positions in the order the index was built with. */
  positions(query: string, limit: number): number[] {
    const points = Array.from(query);
    if (points.length === 0 || limit <= 0) return [];
    // A character that no company has: nothing can match.
    const numbers = this.alphabet.lookUp(points);
    if (!numbers) return [];
    const lists = points.length > 1 ? this.bigramLists(numbers) : null;
    const prefixList = points.length === 1 ? (this.prefix1.get(numbers[0]!) ?? EMPTY) : this.prefixCandidates(numbers, lists);
    const taken = new Set<number>();
    const result: number[] = [];
    for (const position of prefixList) {
      if (points.length > 2 && !this.startsWith(position, query)) continue;
      taken.add(position);
      result.push(position);
      if (result.length >= limit) return result;
    }
    for (const position of this.containCandidates(numbers, lists)) {
      if (taken.has(position)) continue;
      if (points.length > 1 && !this.contains(position, query)) continue;
      result.push(position);
      if (result.length >= limit) return result;
    }
    return result;
  }
}

const EMPTY = new Int32Array(0);

/** The positions in both ascending lists, ascending; each of `small` is found by galloping. */
export function intersect(small: Int32Array, large: Int32Array): Int32Array {
  if (small.length > large.length) return intersect(large, small);
  const out = new Int32Array(small.length);
  let count = 0;
  let low = 0;
  for (let i = 0; i < small.length && low < large.length; i++) {
    const value = small[i]!;
    // Gallop to a window that holds value, then binary-search it.
    let step = 1;
    let high = low;
    while (high < large.length && large[high]! < value) {
      low = high + 1;
      high += step;
      step *= 2;
    }
    high = Math.min(high, large.length - 1);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (large[middle]! < value) low = middle + 1;
      else high = middle;
    }
    if (large[low] === value) out[count++] = value;
  }
  return out.subarray(0, count);
}
