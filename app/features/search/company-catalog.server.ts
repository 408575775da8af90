// The per-process, short-lived copy of the company list that search runs on. It is rebuilt
// in the background when the companies table changes (checked at most every few seconds), so
// several app processes stay within seconds of each other without any shared cache.
// See docs/decisions/008-company-search.md.
import { asc, desc, eq, sql } from 'drizzle-orm';
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
  byId: Map<number, CatalogCompany>;
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

async function build(): Promise<CompanyCatalog> {
  const version = await readVersion();
  const rows = await db()
    .select({
      id: companies.id,
      name: companies.name,
      kana: companies.kana,
      industryId: companies.industryId,
      prefectureId: companies.prefectureId,
      prefectureName: prefectures.name,
      url: companies.url,
      publishedPostCount: companies.publishedPostCount,
      internRatingAverage: companies.internRatingAverage,
      internReportCount: companies.internReportCount,
    })
    .from(companies)
    .innerJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .orderBy(desc(companies.publishedPostCount), asc(companies.kana), asc(companies.id));
  const keys = rows.map((row) => ({ id: row.id, nameKey: normalizeSearchText(row.name), kanaKey: normalizeSearchText(row.kana) }));
  const index = new CompanySearchIndex(keys);
  const readingIndex = new CompanySearchIndex(keys.map((key) => ({ id: key.id, nameKey: '', kanaKey: foldReading(key.kanaKey) })));
  const orders: Record<CatalogOrder, CatalogCompany[]> = {
    posts: rows,
    rating: [...rows].sort(
      (a, b) => (b.internRatingAverage ?? -1) - (a.internRatingAverage ?? -1) || b.internReportCount - a.internReportCount || a.id - b.id,
    ),
    // Katakana code points already follow 五十音順 (voiced after unvoiced), so a plain
    // comparison is the Japanese order at a fraction of a collator's cost.
    kana: [...rows].sort((a, b) => (a.kana < b.kana ? -1 : a.kana > b.kana ? 1 : a.id - b.id)),
  };
  const positionOf = new Map(rows.map((row, position) => [row, position]));
  const rankIn = (order: CatalogCompany[]) => {
    const ranks = new Int32Array(rows.length);
    order.forEach((company, rank) => {
      ranks[positionOf.get(company)!] = rank;
    });
    return ranks;
  };
  const ranks: Record<CatalogOrder, Int32Array> = { posts: rankIn(orders.posts), rating: rankIn(orders.rating), kana: rankIn(orders.kana) };
  const publishedPostTotal = rows.reduce((sum, row) => sum + row.publishedPostCount, 0);
  return {
    companies: rows,
    orders,
    ranks,
    byId: new Map(rows.map((row) => [row.id, row])),
    publishedPostTotal,
    index,
    readingIndex,
    version,
  };
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
