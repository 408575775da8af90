// A least-recently-used map bounded by the bytes its values hold, not by their number: a cache
// of images or strings of very different sizes keeps to one memory budget
// (docs/decisions/055-share-cards-under-load.md).

export class ByteLru<K, V> {
  /** Map keeps insertion order: the first entry is the least recently used. */
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  /** `onEvict` hears of every value the budget pushed out (not of those deleted or cleared). */
  constructor(
    readonly maxBytes: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  /** The value, now the most recently used; undefined when it is not kept. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps the value as the most recently used, then forgets the least recently used until the
   * budget holds. A value larger than the whole budget is not kept.
   */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
      this.onEvict?.(oldest, entry.value);
    }
  }

  /** The value without making it the most recently used. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** The bytes the kept values hold. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
