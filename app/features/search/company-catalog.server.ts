// The per-process, short-lived copy of the company list that search runs on. It is rebuilt
// in the background when the companies table changes (checked at most every few seconds), so
// several app processes stay within seconds of each other without any shared cache.
// See docs/decisions/008-company-search.md.
import { and, asc, gt, isNull, sql } from 'drizzle-orm';
import { changeMark, onCompaniesChanged } from '../../db/changes.server';
import { db, selectRows } from '../../db/client.server';
import { companies, prefectures } from '../../db/schema';
import { forMs, registerCache } from '../../lib/caches.server';
import { failureLog } from '../../lib/failure-log.server';
import { CompanySearchIndex } from './company-index';
import { mergeInSlices, sortInSlices } from '../../lib/sort-in-slices';
import { normalizeSearchText } from './normalize';
import { foldReading, romajiReadings } from './romaji';

export type CatalogCompany = {
  id: number;
  name: string;
  kana: string;
  industryId: number;
  prefectureId: number;
  prefectureName: string;
  url: string | null;
  publishedPostCount: number;
  internRatingAverage: number | null;
  internReportCount: number;
};

export type CatalogOrder = 'posts' | 'rating' | 'kana';

export type CompanyCatalog = {
  /** In tie order: most published posts first, then kana order. */
  companies: CatalogCompany[];
  /** The same companies in each sort order of the search page, sorted once per build. */
  orders: Record<CatalogOrder, CatalogCompany[]>;
  /** For each order, the rank of the company at each position of `companies` (and of the index). */
  ranks: Record<CatalogOrder, Int32Array>;
  /** Published posts of all companies (service reviews not included). */
  publishedPostTotal: number;
  index: CompanySearchIndex;
  /** The readings as romaji reaches them (romaji.ts), in the same positions as `index`. */
  readingIndex: CompanySearchIndex;
  /** Each company's search keys by position: the next build reuses those of unchanged companies. */
  keys: SearchKeys;
  /** The positions in id order, for the next build to find a company's keys. */
  idOrder: Int32Array;
  version: string;
};

type SearchKeys = { name: string[]; kana: string[]; folded: string[] };

/**
 * How often a search checks the companies version itself: every few seconds while this process
 * may miss announcements (not listening), and only as a safety net while it hears them.
 */
const CHECK_INTERVAL_MS = 5_000;
const CHECK_INTERVAL_LISTENING_MS = 60_000;

let current: CompanyCatalog | undefined;
let loading: Promise<CompanyCatalog> | undefined;
let checkedAt = 0;
let checking = false;
/** This process hears every change to the companies table from its first build on. */
let subscribed = false;

// Rebuilding on announced changes (decision 081). A change starts a build once changes have
// paused for QUIET_MS (an import announces one per batch of 500 lines); a build under way that
// began before the last change is abandoned then, since it cannot hold it. While changes keep
// coming, a build starts at least every MAX_WAIT_MS, so that search follows a long import too.
const QUIET_MS = 1_000;
const MAX_WAIT_MS = 10_000;
/** Changes heard, counted; and how many had been heard when the build or check under way began. */
let changesHeard = 0;
let changesWhenBegun = 0;
/** When the oldest change not yet in a build began to be heard (0: none). */
let waitingSince = 0;
let quietTimer: NodeJS.Timeout | undefined;
/** Set to stop the build under way at its next pause (it is stale). */
let abandoning = false;

class BuildAbandoned extends Error {}
registerCache({
  name: 'company search catalog',
  holds: 'every company with its search fields, its sort orders and the name, reading and romaji indexes',
  feeds: 'the company search (/companies, /api/company, the pickers), the site totals of the top page, similar names in /admin',
  lifetime: `until the companies table's version moves (a trigger counts it up): rebuilt when any process's change is announced ('k:' on personal_changes) once changes pause for ${forMs(QUIET_MS)}, at least every ${forMs(MAX_WAIT_MS)} while they go on; checked off the request's path every ${forMs(CHECK_INTERVAL_MS)} while this process does not listen`,
  invalidatedBy: "every process's company changes (heard on the channel), this process's company saves and imports",
  bound: 'one copy of the companies table',
  size: () => current?.companies.length ?? 0,
  clear: () => resetCompanyCatalog(),
});

/** Moves on with every change to the companies table (a trigger: migration 0006). */
async function readVersion(): Promise<string> {
  const [row] = await selectRows<{ version: string | number }>(sql`SELECT version FROM table_versions WHERE name = 'companies'`);
  return String(row?.version ?? 0);
}

/** Companies read a page at a time, and worked on a slice at a time, between two pauses. */
const PAGE_ROWS = 25_000;
const SLICE = 4_000;

/**
 * Lets the process answer its requests between two slices of a build (decision 081); stops a
 * build that a later change made stale.
 */
const pause = () =>
  new Promise<void>((resolve, reject) =>
    setImmediate(() => {
      if (abandoning) reject(new BuildAbandoned());
      else resolve();
    }),
  );

/** The companies of a build in id order, and where each was in the previous build (-1: new there). */
type ReadCompanies = { byId: CatalogCompany[]; previousPositions: Int32Array };

/**
 * Every open company, read in pages by id, so that no single statement or conversion holds
 * the process for long (on the embedded database a statement runs on the process's own thread).
 * A company unchanged since the previous build is that build's object, strings and all: the
 * rows just read die young, and two builds of hundreds of thousands of companies never sit in
 * the heap side by side (they did not fit in the server's 224 MB; decision 081).
 */
async function readCompanies(previous: CompanyCatalog | undefined): Promise<ReadCompanies> {
  // One string per prefecture name for every company (not one per row the driver returns).
  const prefectureNames = new Map(
    (await db().select({ id: prefectures.id, name: prefectures.name }).from(prefectures)).map((p) => [p.id, p.name]),
  );
  const byId: CatalogCompany[] = [];
  const positions: number[] = [];
  // Both lists are in id order: one walk pairs each company with its previous self.
  let before = 0;
  let after = 0;
  for (;;) {
    const page = await db()
      .select({
        id: companies.id,
        name: companies.name,
        kana: companies.kana,
        industryId: companies.industryId,
        prefectureId: companies.prefectureId,
        url: companies.url,
        publishedPostCount: companies.publishedPostCount,
        internRatingAverage: companies.internRatingAverage,
        internReportCount: companies.internReportCount,
      })
      .from(companies)
      // A closed corporation (登記記録の閉鎖, decision 077) is no longer found or listed.
      .where(and(isNull(companies.closedAt), gt(companies.id, after)))
      .orderBy(asc(companies.id))
      .limit(PAGE_ROWS);
    for (const row of page) {
      let oldPosition = -1;
      if (previous) {
        while (before < previous.idOrder.length && previous.companies[previous.idOrder[before]!]!.id < row.id) before += 1;
        const position = previous.idOrder[before];
        if (position !== undefined && previous.companies[position]!.id === row.id) oldPosition = position;
      }
      const old = oldPosition >= 0 ? previous!.companies[oldPosition]! : undefined;
      const prefectureName = prefectureNames.get(row.prefectureId) ?? '';
      if (
        old &&
        old.name === row.name &&
        old.kana === row.kana &&
        old.industryId === row.industryId &&
        old.prefectureId === row.prefectureId &&
        old.prefectureName === prefectureName &&
        old.url === row.url &&
        old.publishedPostCount === row.publishedPostCount &&
        old.internRatingAverage === row.internRatingAverage &&
        old.internReportCount === row.internReportCount
      ) {
        byId.push(old);
      } else {
        byId.push({
          // Written out, not spread: a literal keeps every field in the object itself (a spread
          // copy measured 86 MB more at 330,000 companies).
          id: row.id,
          // Unchanged strings are the previous build's.
          name: old?.name === row.name ? old.name : row.name,
          kana: old?.kana === row.kana ? old.kana : row.kana,
          industryId: row.industryId,
          prefectureId: row.prefectureId,
          prefectureName,
          url: old?.url === row.url ? old.url : row.url,
          publishedPostCount: row.publishedPostCount,
          internRatingAverage: row.internRatingAverage,
          internReportCount: row.internReportCount,
        });
      }
      positions.push(oldPosition);
    }
    if (page.length < PAGE_ROWS) return { byId, previousPositions: Int32Array.from(positions) };
    after = page[page.length - 1]!.id;
    await pause();
  }
}

/**
 * A build takes seconds at hundreds of thousands of companies (a prefecture of the 法人番号
 * data): it is done in slices with pauses between them, so that the process keeps answering
 * requests meanwhile; only the three sorts run at once (about 150 ms each at 330,000).
 */
async function build(previous: CompanyCatalog | undefined): Promise<CompanyCatalog> {
  const version = await readVersion();
  const { byId, previousPositions } = await readCompanies(previous);
  const everyOne = Int32Array.from(byId, (_, at) => at);
  // The sort keys side by side in arrays: the comparisons run millions of times.
  const kanas = byId.map((row) => row.kana);
  const postCounts = Int32Array.from(byId, (row) => row.publishedPostCount);
  const reuse = (order: (previous: CompanyCatalog) => Int32Array, kept: PreviousOrder['kept']): PreviousOrder | null =>
    previous ? { order: order(previous), kept, previousPositions, previous: previous.companies } : null;
  // The kana order (katakana code points follow 五十音順; companies without a reading last, decision 077).
  const byKana = await orderOf(
    byId.length,
    (a, b) => {
      const x = kanas[a]!;
      const y = kanas[b]!;
      if (x === y) return byId[a]!.id - byId[b]!.id;
      if (x === '') return 1;
      if (y === '') return -1;
      return x < y ? -1 : 1;
    },
    byId,
    reuse(
      (previous) => orderOfRanks(previous.ranks.kana),
      (row, old) => row.kana === old.kana,
    ),
  );
  const kanaRankById = ranksOf(byKana);
  // The tie order of the search: most published posts first, then kana order.
  const byPosts = await orderOf(
    byId.length,
    (a, b) => postCounts[b]! - postCounts[a]! || kanaRankById[a]! - kanaRankById[b]!,
    byId,
    reuse(
      (previous) => previous.ranks.posts,
      (row, old) => row.kana === old.kana && row.publishedPostCount === old.publishedPostCount,
    ),
  );
  // From here on, a company's position is its place in the tie order (`rows`).
  const rows = Array.from(byPosts, (at) => byId[at]!);
  const positionById = ranksOf(byPosts);
  const ratings = Float64Array.from(rows, (row) => row.internRatingAverage ?? -1);
  const reports = Int32Array.from(rows, (row) => row.internReportCount);
  const byRating = await sortInSlices(
    everyOne,
    (a, b) => ratings[b]! - ratings[a]! || reports[b]! - reports[a]! || rows[a]!.id - rows[b]!.id,
    pause,
  );
  const orders: Record<CatalogOrder, CatalogCompany[]> = {
    posts: rows,
    rating: Array.from(byRating, (position) => rows[position]!),
    kana: Array.from(byKana, (at) => byId[at]!),
  };
  const ranks: Record<CatalogOrder, Int32Array> = {
    posts: everyOne,
    rating: ranksOf(byRating),
    kana: Int32Array.from(byPosts, (at) => kanaRankById[at]!),
  };
  const keysById = await searchKeys(byId, previous, previousPositions);
  const keys: SearchKeys = {
    name: Array.from(byPosts, (at) => keysById.name[at]!),
    kana: Array.from(byPosts, (at) => keysById.kana[at]!),
    folded: Array.from(byPosts, (at) => keysById.folded[at]!),
  };
  const ids = Int32Array.from(rows, (row) => row.id);
  const index = await CompanySearchIndex.build(ids, keys.name, keys.kana, pause);
  const readingIndex = await CompanySearchIndex.build(ids, new Array<string>(rows.length).fill(''), keys.folded, pause);
  const publishedPostTotal = rows.reduce((sum, row) => sum + row.publishedPostCount, 0);
  const idOrder = Int32Array.from(byId, (_, at) => positionById[at]!);
  return { companies: rows, orders, ranks, publishedPostTotal, index, readingIndex, keys, idOrder, version };
}

/**
 * The search keys of companies in id order: those of the previous build where the name or
 * reading is unchanged (normalising every name again took a second at 330,000), made otherwise.
 */
async function searchKeys(
  byId: readonly CatalogCompany[],
  previous: CompanyCatalog | undefined,
  previousPositions: Int32Array,
): Promise<SearchKeys> {
  const name: string[] = new Array(byId.length);
  const kana: string[] = new Array(byId.length);
  const folded: string[] = new Array(byId.length);
  // A key equal to what it was made from is that same string, not a copy (most readings are
  // their own key and their own folded reading): tens of megabytes at hundreds of thousands.
  const same = (made: string, from: string) => (made === from ? from : made);
  for (let at = 0; at < byId.length; at++) {
    if (at > 0 && at % SLICE === 0) await pause();
    const row = byId[at]!;
    const oldPosition = previousPositions[at]!;
    const old = previous && oldPosition >= 0 ? previous.companies[oldPosition] : undefined;
    if (old && old.name === row.name) name[at] = previous!.keys.name[oldPosition]!;
    else name[at] = same(normalizeSearchText(row.name), row.name);
    if (old && old.kana === row.kana) {
      kana[at] = previous!.keys.kana[oldPosition]!;
      folded[at] = previous!.keys.folded[oldPosition]!;
    } else {
      const key = same(normalizeSearchText(row.kana), row.kana);
      kana[at] = key;
      folded[at] = same(foldReading(key), key);
    }
  }
  return { name, kana, folded };
}

/** What a build may take from the previous one's order (orderOf). */
type PreviousOrder = {
  /** The previous build's positions in this order. */
  order: Int32Array;
  /** Whether a company's fields that this order reads are as they were. */
  kept: (row: CatalogCompany, old: CatalogCompany) => boolean;
  /** Each company's position in the previous build (-1: new). */
  previousPositions: Int32Array;
  previous: readonly CatalogCompany[];
};

/**
 * The companies (indexes into `byId`) sorted by `compare`: the previous build's order of those
 * whose sort fields did not change, merged with the others, which alone are sorted. While an
 * import adds thousands of companies to hundreds of thousands, a rebuild sorts the thousands.
 */
async function orderOf(
  count: number,
  compare: (a: number, b: number) => number,
  byId: readonly CatalogCompany[],
  reused: PreviousOrder | null,
): Promise<Int32Array> {
  if (!reused)
    return sortInSlices(
      Int32Array.from({ length: count }, (_, at) => at),
      compare,
      pause,
    );
  const { order, kept, previousPositions, previous } = reused;
  const nowAt = new Int32Array(previous.length).fill(-1);
  const changed: number[] = [];
  for (let at = 0; at < count; at++) {
    const position = previousPositions[at]!;
    if (position >= 0 && kept(byId[at]!, previous[position]!)) nowAt[position] = at;
    else changed.push(at);
  }
  const carried = new Int32Array(count - changed.length);
  let next = 0;
  for (const position of order) if (nowAt[position]! >= 0) carried[next++] = nowAt[position]!;
  return mergeInSlices(carried, await sortInSlices(Int32Array.from(changed), compare, pause), compare, pause);
}

/** The items of an order, from each item's place in it. */
function orderOfRanks(ranks: Int32Array): Int32Array {
  const order = new Int32Array(ranks.length);
  for (let item = 0; item < ranks.length; item++) order[ranks[item]!] = item;
  return order;
}

/** For each item of an order, its place in that order. */
function ranksOf(order: Int32Array): Int32Array {
  const ranks = new Int32Array(order.length);
  for (let rank = 0; rank < order.length; rank++) ranks[order[rank]!] = rank;
  return ranks;
}

/**
 * Positions of the companies a normalised query finds: by name or reading as typed, then, for a
 * query in romaji, by the reading it spells (docs/decisions/037-romaji-search.md).
 */
export function matchPositions(catalog: CompanyCatalog, key: string, limit: number): number[] {
  const positions = catalog.index.positions(key, limit);
  const readings = romajiReadings(key);
  if (readings.length === 0 || positions.length >= limit) return positions;
  const taken = new Set(positions);
  for (const reading of readings) {
    for (const position of catalog.readingIndex.positions(reading, limit)) {
      if (taken.has(position)) continue;
      taken.add(position);
      positions.push(position);
      if (positions.length >= limit) return positions;
    }
  }
  return positions;
}

function reload(): Promise<CompanyCatalog> {
  if (loading) return loading;
  changesWhenBegun = changesHeard;
  waitingSince = 0;
  abandoning = false;
  const building = build(current)
    .then((catalog) => {
      current = catalog;
      checkedAt = Date.now();
      if (!subscribed) {
        subscribed = true;
        onCompaniesChanged(changeHeard);
      }
      return catalog;
    })
    .finally(() => {
      loading = undefined;
      abandoning = false;
    });
  loading = building.catch((error: unknown) => {
    // A stale build stopped: the next one starts at once, from the same previous build.
    if (error instanceof BuildAbandoned && current) return reload();
    throw error;
  });
  return loading;
}

const staleCatalog = failureLog({
  level: 'warn',
  failed: 'company search catalog not refreshed; the previous copy keeps serving',
  recovered: 'company search catalog refreshed again',
});

/** Looks for changes off the request's path; the request in hand uses the copy it has. */
function checkInBackground() {
  const interval = changeMark() === null ? CHECK_INTERVAL_MS : CHECK_INTERVAL_LISTENING_MS;
  if (checking || loading || Date.now() - checkedAt < interval) return;
  checking = true;
  checkedAt = Date.now();
  changesWhenBegun = changesHeard;
  readVersion()
    .then((version) => (version !== current?.version ? reload() : undefined))
    // A failed check is retried at the next interval; the old copy keeps serving meanwhile.
    .then(
      () => staleCatalog.succeeded(),
      (error: unknown) => staleCatalog.failed(error),
    )
    .finally(() => {
      checking = false;
      // A change heard during the check or build, once changes have paused (or at once when
      // they already have), is checked for again.
      if (changesHeard > changesWhenBegun && !quietTimer) checkNow();
    });
}

/** Checks the version now, off every request's path, and rebuilds when it moved. */
function checkNow(): void {
  checkedAt = 0;
  checkInBackground();
}

/** A change announced by any process, or made by this one (decision 081). */
function changeHeard(): void {
  if (!current) return;
  changesHeard += 1;
  waitingSince ||= Date.now();
  clearTimeout(quietTimer);
  quietTimer = setTimeout(changesPaused, QUIET_MS);
  quietTimer.unref();
  // A long stream of changes (an import): a build at least every MAX_WAIT_MS meanwhile.
  if (!checking && !loading && Date.now() - waitingSince >= MAX_WAIT_MS) checkNow();
}

function changesPaused(): void {
  quietTimer = undefined;
  if (changesHeard === changesWhenBegun) return;
  // The build under way read the companies before the last change: stop it, start again.
  if (loading) abandoning = true;
  else if (!checking) {
    try {
      checkNow();
    } catch (error) {
      // A timer's callback: the database may have closed meanwhile (a shutdown, a test's end).
      // Nothing to check then; a throw here would be an uncaught exception.
      staleCatalog.failed(error);
    }
  }
}

/**
 * Rebuilds the catalog soon (once changes pause), off the caller's path, after this process
 * changed companies; a failure is logged, and the next search loads it again.
 */
export function refreshCompanyCatalog(): void {
  invalidateCompanyCatalog();
  // A process that has not searched yet (a command-line import) has nothing to refresh.
  changeHeard();
}

export async function getCompanyCatalog(): Promise<CompanyCatalog> {
  if (!current) return reload();
  checkInBackground();
  return current;
}

/** After this process changed companies: the next search sees the change at once. */
export function invalidateCompanyCatalog(): void {
  checkedAt = 0;
  if (current) current = { ...current, version: '' };
}

/** Drops the copy entirely (tests that reopen the database). */
export function resetCompanyCatalog(): void {
  current = undefined;
  checkedAt = 0;
  clearTimeout(quietTimer);
  quietTimer = undefined;
  waitingSince = 0;
  changesWhenBegun = changesHeard;
}
