// Every in-process cache of the server, in one list (docs/decisions/060-caches-and-honest-tests.md).
// A cache registers itself where it is declared: what it keeps, what it feeds, how long an entry
// is trusted, what empties it sooner and how big it may grow. The list is the table of decision
// 060 (a test renders it and compares), and a test finds every module-level Map, Set or `let` of
// app/ and server/ and fails on one that is neither registered here nor named there as no cache.
//
// Nothing here is shared between processes: with WEB_CONCURRENCY > 1 each process has its own
// copy of every cache. A write made in one process reaches the others' caches when their lifetime
// ends, or sooner where a cache listens to the database's announcements (app/db/changes.server.ts:
// the personal rows, a student's recommendations, the kept session pages, the post lists, the
// company catalog); each cache's `invalidatedBy` says which.

export type CacheRegistration = {
  /** A short name of its own, as the table shows it. */
  name: string;
  /** What one entry keeps, and its key. */
  holds: string;
  /** The pages and calls that read from it. */
  feeds: string;
  /** How long an entry is trusted: `forMs(TTL_MS)`, or the rule in words. */
  lifetime: string;
  /** What empties or refreshes it before its lifetime ends ('nothing': time only). */
  invalidatedBy: string;
  /** The most it holds, and which entries go first. */
  bound: string;
  /** Entries held now. */
  size(): number;
  /** Forgets everything it holds (tests; the next read builds it again). */
  clear(): void;
};

const registry = new Map<string, CacheRegistration>();

/** Adds a cache to the list (again: replaces it, as when a test loads its module anew). */
export function registerCache(cache: CacheRegistration): void {
  registry.set(cache.name, cache);
}

/** Every cache registered so far, by name. Only the modules already loaded have registered. */
export function registeredCaches(): CacheRegistration[] {
  return [...registry.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Empties every registered cache (tests that change the database under a running process). */
export function clearCaches(): void {
  for (const cache of registry.values()) cache.clear();
}

/** What a cache says of itself; its holder knows its size and how to empty it. */
export type CacheDescription = Omit<CacheRegistration, 'size' | 'clear'>;

/** A cache kept in one Map, registered: its size and its emptying are the Map's. */
export function registeredMap<K, V>(description: CacheDescription): Map<K, V> {
  const map = new Map<K, V>();
  registerCache({ ...description, size: () => map.size, clear: () => map.clear() });
  return map;
}

/** One value the same for everyone (a list), kept `ttlMs` and registered. */
export function registeredValue<T>(description: Omit<CacheDescription, 'lifetime' | 'bound'> & { ttlMs: number }) {
  const { ttlMs, ...rest } = description;
  let kept: { at: number; value: T } | undefined;
  registerCache({
    ...rest,
    lifetime: forMs(ttlMs),
    bound: 'one list',
    size: () => (kept ? 1 : 0),
    clear: () => {
      kept = undefined;
    },
  });
  return {
    /** The value while it is younger than its lifetime. */
    fresh: (now = Date.now()): T | undefined => (kept && now - kept.at < ttlMs ? kept.value : undefined),
    keep: (value: T, now = Date.now()): void => {
      kept = { at: now, value };
    },
  };
}

/** A lifetime in milliseconds as the table says it: 10 s, 1 min. */
export function forMs(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}
