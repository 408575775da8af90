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

type Postings = Map<string, Int32Array>;

/**
 * Posting lists built in two passes over the keys: the first counts each list's length, the
 * second fills typed arrays of exactly that length. No list is ever an array of JS numbers (8
 * bytes a position and a copy when it grows): at hundreds of thousands of companies (a whole
 * prefecture of the 法人番号 data, decision 077) those transient arrays were most of the heap a
 * rebuild needed. Positions come in ascending order, so no list needs sorting; a key that occurs
 * twice in one company (in its name and its reading) is counted once.
 */
class PostingBuilder {
  private readonly counts = new Map<string, number>();
  private readonly lastCounted = new Map<string, number>();
  private lists: Postings | null = null;
  private readonly filled = new Map<string, number>();

  count(key: string, position: number): void {
    if (this.lastCounted.get(key) === position) return;
    this.lastCounted.set(key, position);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** After counting: the lists, allocated, for fill(). */
  allocate(): void {
    this.lists = new Map();
    for (const [key, n] of this.counts) this.lists.set(key, new Int32Array(n));
    this.lastCounted.clear();
  }

  fill(key: string, position: number): void {
    if (this.lastCounted.get(key) === position) return;
    this.lastCounted.set(key, position);
    const at = this.filled.get(key) ?? 0;
    this.lists!.get(key)![at] = position;
    this.filled.set(key, at + 1);
  }

  done(): Postings {
    return this.lists!;
  }
}

/** Calls `visit` with each key of the four kinds a company's search keys give. */
function eachKey(keys: readonly string[], visit: (builder: 0 | 1 | 2 | 3, key: string) => void) {
  for (const key of keys) {
    const points = Array.from(key);
    if (points.length === 0) continue;
    visit(2, points[0]!);
    if (points.length > 1) visit(3, points[0]! + points[1]!);
    for (let i = 0; i < points.length; i++) {
      visit(0, points[i]!);
      if (i + 1 < points.length) visit(1, points[i]! + points[i + 1]!);
    }
  }
}

/**
 * Companies are kept in the order given (the tie order: most talked-about first). A query
 * answers names that start with it first, then names that contain it, each in that order.
 */
export class CompanySearchIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly nameKeys: string[];
  private readonly kanaKeys: string[];
  private readonly chars: Postings;
  private readonly bigrams: Postings;
  private readonly prefix1: Postings;
  private readonly prefix2: Postings;

  constructor(companies: readonly IndexedCompany[]) {
    this.size = companies.length;
    this.ids = Int32Array.from(companies, (company) => company.id);
    this.nameKeys = companies.map((company) => company.nameKey);
    this.kanaKeys = companies.map((company) => company.kanaKey);
    const builders = [new PostingBuilder(), new PostingBuilder(), new PostingBuilder(), new PostingBuilder()] as const;
    for (let position = 0; position < this.size; position++) {
      eachKey([this.nameKeys[position]!, this.kanaKeys[position]!], (kind, key) => builders[kind].count(key, position));
    }
    for (const builder of builders) builder.allocate();
    for (let position = 0; position < this.size; position++) {
      eachKey([this.nameKeys[position]!, this.kanaKeys[position]!], (kind, key) => builders[kind].fill(key, position));
    }
    this.chars = builders[0].done();
    this.bigrams = builders[1].done();
    this.prefix1 = builders[2].done();
    this.prefix2 = builders[3].done();
  }

  private startsWith(position: number, query: string): boolean {
    return this.nameKeys[position]!.startsWith(query) || this.kanaKeys[position]!.startsWith(query);
  }

  private contains(position: number, query: string): boolean {
    return this.nameKeys[position]!.includes(query) || this.kanaKeys[position]!.includes(query);
  }

  /** The query's bigram lists, shortest first; null when one bigram occurs nowhere. */
  private bigramLists(points: string[]): Int32Array[] | null {
    const lists: Int32Array[] = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const list = this.bigrams.get(points[i]! + points[i + 1]!);
      if (!list) return null;
      lists.push(list);
    }
    return lists.sort((a, b) => a.length - b.length);
  }

  /** The smallest posting list that every company containing the query must be in. */
  private containCandidates(points: string[], lists: Int32Array[] | null): Int32Array {
    if (points.length === 1) return this.chars.get(points[0]!) ?? EMPTY;
    return lists?.[0] ?? EMPTY;
  }

  /** Positions of names that may start with the query (two characters and more). */
  private prefixCandidates(points: string[], lists: Int32Array[] | null): Int32Array {
    const prefix = this.prefix2.get(points[0]! + points[1]!);
    if (!prefix || !lists) return EMPTY;
    // A prefix match also holds the query's rarest bigram. When that list is much shorter, the
    // intersection saves checking thousands of names that cannot match (青葉情報シ among all
    // 青葉…); otherwise the names are checked in order and the scan stops at the limit.
    const rarest = lists[0]!;
    return points.length > 2 && rarest.length * 4 < prefix.length ? intersect(rarest, prefix) : prefix;
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
    const lists = points.length > 1 ? this.bigramLists(points) : null;
    const prefixList = points.length === 1 ? (this.prefix1.get(query) ?? EMPTY) : this.prefixCandidates(points, lists);
    const taken = new Set<number>();
    const result: number[] = [];
    for (const position of prefixList) {
      if (points.length > 2 && !this.startsWith(position, query)) continue;
      taken.add(position);
      result.push(position);
      if (result.length >= limit) return result;
    }
    for (const position of this.containCandidates(points, lists)) {
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
