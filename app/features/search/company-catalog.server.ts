// The per-process, short-lived copy of the company list that search runs on. It is rebuilt
// in the background when the companies table changes (checked at most every few seconds), so
// several app processes stay within seconds of each other without any shared cache.
// See docs/decisions/008-company-search.md.
import { asc, desc, isNull, sql } from 'drizzle-orm';
import { db, selectRows } from '../../db/client.server';
import { companies, prefectures } from '../../db/schema';
import { forMs, registerCache } from '../../lib/caches.server';
import { failureLog } from '../../lib/failure-log.server';
import { CompanySearchIndex } from './company-index';
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
  version: string;
};

const CHECK_INTERVAL_MS = 5_000;

let current: CompanyCatalog | undefined;
let loading: Promise<CompanyCatalog> | undefined;
let checkedAt = 0;
let checking = false;
registerCache({
  name: 'company search catalog',
  holds: 'every company with its search fields, its sort orders and the name, reading and romaji indexes',
  feeds: 'the company search (/companies, /api/company, the pickers), the site totals of the top page, similar names in /admin',
  lifetime: `until the companies table's version moves (a trigger counts it up), checked off the request's path at most every ${forMs(CHECK_INTERVAL_MS)}`,
  invalidatedBy: "this process's company saves and employee word-of-mouth imports (rebuilt at once)",
  bound: 'one copy of the companies table',
  size: () => current?.companies.length ?? 0,
  clear: () => resetCompanyCatalog(),
});

/** Moves on with every change to the companies table (a trigger: migration 0006). */
async function readVersion(): Promise<string> {
  const [row] = await selectRows<{ version: string | number }>(sql`SELECT version FROM table_versions WHERE name = 'companies'`);
  return String(row?.version ?? 0);
}

/** The kana order: katakana code points follow 五十音順; companies without a reading (decision 077) last. */
function kanaOrder(a: CatalogCompany, b: CatalogCompany): number {
  if (a.kana === b.kana) return a.id - b.id;
  if (a.kana === '') return 1;
  if (b.kana === '') return -1;
  return a.kana < b.kana ? -1 : 1;
}

function ratingOrder(a: CatalogCompany, b: CatalogCompany): number {
  return (b.internRatingAverage ?? -1) - (a.internRatingAverage ?? -1) || b.internReportCount - a.internReportCount || a.id - b.id;
}

/**
 * The companies' positions in another order and, for each position, its rank there: sorted as
 * positions (an Int32Array), so that no map from company to position is needed while hundreds of
 * thousands of companies are sorted (decision 077).
 */
function ordered(rows: CatalogCompany[], compare: (a: CatalogCompany, b: CatalogCompany) => number) {
  const positions = Int32Array.from(rows, (_, position) => position).sort((a, b) => compare(rows[a]!, rows[b]!));
  const ranks = new Int32Array(rows.length);
  positions.forEach((position, rank) => {
    ranks[position] = rank;
  });
  return { order: Array.from(positions, (position) => rows[position]!), ranks };
}

async function build(): Promise<CompanyCatalog> {
  const version = await readVersion();
  // One string per prefecture name for every company (not one per row the driver returns).
  const prefectureNames = new Map(
    (await db().select({ id: prefectures.id, name: prefectures.name }).from(prefectures)).map((p) => [p.id, p.name]),
  );
  const rows: CatalogCompany[] = (
    await db()
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
      .where(isNull(companies.closedAt))
      .orderBy(desc(companies.publishedPostCount), asc(companies.kana), asc(companies.id))
  ).map((row) => ({
    // Written out, not spread: a literal keeps every field in the object itself (a spread copy
    // measured 86 MB more at 330,000 companies).
    id: row.id,
    name: row.name,
    kana: row.kana,
    industryId: row.industryId,
    prefectureId: row.prefectureId,
    prefectureName: prefectureNames.get(row.prefectureId) ?? '',
    url: row.url,
    publishedPostCount: row.publishedPostCount,
    internRatingAverage: row.internRatingAverage,
    internReportCount: row.internReportCount,
  }));
  // A key equal to what it was made from is that same string, not a copy (most readings are
  // their own key and their own folded reading): tens of megabytes at hundreds of thousands.
  const same = (made: string, from: string) => (made === from ? from : made);
  const nameKeys = rows.map((row) => same(normalizeSearchText(row.name), row.name));
  const kanaKeys = rows.map((row) => same(normalizeSearchText(row.kana), row.kana));
  const index = new CompanySearchIndex(rows.map((row, at) => ({ id: row.id, nameKey: nameKeys[at]!, kanaKey: kanaKeys[at]! })));
  const readingIndex = new CompanySearchIndex(
    rows.map((row, at) => ({ id: row.id, nameKey: '', kanaKey: same(foldReading(kanaKeys[at]!), kanaKeys[at]!) })),
  );
  const rating = ordered(rows, ratingOrder);
  const kana = ordered(rows, kanaOrder);
  const orders: Record<CatalogOrder, CatalogCompany[]> = { posts: rows, rating: rating.order, kana: kana.order };
  const ranks: Record<CatalogOrder, Int32Array> = {
    posts: Int32Array.from(rows, (_, position) => position),
    rating: rating.ranks,
    kana: kana.ranks,
  };
  const publishedPostTotal = rows.reduce((sum, row) => sum + row.publishedPostCount, 0);
  return { companies: rows, orders, ranks, publishedPostTotal, index, readingIndex, version };
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
  loading ??= build()
    .then((catalog) => {
      current = catalog;
      checkedAt = Date.now();
      return catalog;
    })
    .finally(() => {
      loading = undefined;
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
  if (checking || loading || Date.now() - checkedAt < CHECK_INTERVAL_MS) return;
  checking = true;
  checkedAt = Date.now();
  readVersion()
    .then((version) => (version !== current?.version ? reload() : undefined))
    // A failed check is retried at the next interval; the old copy keeps serving meanwhile.
    .then(
      () => staleCatalog.succeeded(),
      (error: unknown) => staleCatalog.failed(error),
    )
    .finally(() => {
      checking = false;
    });
}

/**
 * Rebuilds the catalog now, off the caller's path (after a moderator's change); a failure is
 * logged, and the next search loads it again.
 */
export function refreshCompanyCatalog(): void {
  invalidateCompanyCatalog();
  // A process that has not searched yet (a command-line import) has nothing to refresh.
  if (!current) return;
  // A build under way may have read the companies before the change: another follows it, rather
  // than the next check 5 s later (at 330,000 companies a build takes seconds; decision 077).
  if (loading) {
    loading.then(refreshCompanyCatalog, () => {});
    return;
  }
  getCompanyCatalog().then(
    () => staleCatalog.succeeded(),
    (error: unknown) => staleCatalog.failed(error),
  );
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
}
