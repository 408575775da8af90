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

function toPostings(lists: Map<string, number[]>): Postings {
  const postings: Postings = new Map();
  for (const [key, list] of lists) postings.set(key, Int32Array.from(list));
  return postings;
}

function push(lists: Map<string, number[]>, key: string, position: number) {
  const list = lists.get(key);
  if (!list) lists.set(key, [position]);
  // Positions arrive in ascending order; skip the repeat when a key occurs twice in one company.
  else if (list[list.length - 1] !== position) list.push(position);
}

/**
 * Companies are kept in the order given (the tie order: most talked-about first). A query
 * answers names that start with it first, then names that contain it, each in that order.
 */
export class CompanySearchIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly keys: Array<readonly [string, string]>;
  private readonly chars: Postings;
  private readonly bigrams: Postings;
  private readonly prefix1: Postings;
  private readonly prefix2: Postings;

  constructor(companies: readonly IndexedCompany[]) {
    this.size = companies.length;
    this.ids = Int32Array.from(companies.map((company) => company.id));
    this.keys = companies.map((company) => [company.nameKey, company.kanaKey] as const);
    const chars = new Map<string, number[]>();
    const bigrams = new Map<string, number[]>();
    const prefix1 = new Map<string, number[]>();
    const prefix2 = new Map<string, number[]>();
    companies.forEach((company, position) => {
      for (const key of [company.nameKey, company.kanaKey]) {
        const points = Array.from(key);
        if (points.length === 0) continue;
        push(prefix1, points[0]!, position);
        if (points.length > 1) push(prefix2, points[0]! + points[1]!, position);
        for (let i = 0; i < points.length; i++) {
          push(chars, points[i]!, position);
          if (i + 1 < points.length) push(bigrams, points[i]! + points[i + 1]!, position);
        }
      }
    });
    // Each posting list must be ascending: name and kana keys can interleave pushes.
    for (const lists of [chars, bigrams, prefix1, prefix2]) for (const list of lists.values()) list.sort((a, b) => a - b);
    this.chars = toPostings(chars);
    this.bigrams = toPostings(bigrams);
    this.prefix1 = toPostings(prefix1);
    this.prefix2 = toPostings(prefix2);
  }

  private startsWith(position: number, query: string): boolean {
    const [name, kana] = this.keys[position]!;
    return name.startsWith(query) || kana.startsWith(query);
  }

  private contains(position: number, query: string): boolean {
    const [name, kana] = this.keys[position]!;
    return name.includes(query) || kana.includes(query);
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
