// The similar-name warning of the company form (docs/decisions/029-admin-catalog.md): a company
// is similar when its name and the new one are the same after the search's normalisation
// (decision 008: NFKC, kana, corporate words and spaces ignored), or when one normalised name
// contains the other and the shorter has at least two characters.
import { eq, gt, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, prefectures } from '../../db/schema';
import { registeredMap } from '../../lib/caches.server';
import { type CatalogCompany, type CompanyCatalog, getCompanyCatalog } from '../search/company-catalog.server';
import { normalizeSearchText } from '../search/normalize';

export type SimilarMatch = 'same' | 'contains' | 'contained';

export type SimilarCompany = {
  id: number;
  name: string;
  kana: string;
  prefectureName: string;
  /** same: the same name; contains: its name contains the new one; contained: the new name contains its name. */
  match: SimilarMatch;
};

/** Containment counts only from two characters on: a one-letter name is in too many others. */
const MIN_CONTAINED_LENGTH = 2;
const LIMIT = 20;
/**
 * Companies changed this recently are read from the database as well: another process's (or a
 * rebuilding) catalog may not have them yet (it checks every 5 s, decision 008).
 */
const RECENT = sql`interval '2 minutes'`;

type Keyed = { company: Pick<CatalogCompany, 'id' | 'name' | 'kana' | 'prefectureName'>; key: string };

type NameKeys = { keys: string[]; byKey: Map<string, CatalogCompany[]> };

// The normalised name of every catalog company, by position, and the companies of each name.
// Normalising 100,000 names takes about half a second, so a name's key is kept between catalog
// versions (which change with every published post) and recomputed only when the name changed,
// and a first build yields to other requests every few thousand names.
const keysByCatalog = new WeakMap<CompanyCatalog, Promise<NameKeys>>();
const keyById = registeredMap<number, { name: string; key: string }>({
  name: 'similar-name keys',
  holds: "each company's normalised name (by company), and the companies of each name for one catalog version (keysByCatalog)",
  feeds: 'the similar names the company form of /admin warns about',
  lifetime: 'a name: while it stays the same; the names of a version: while that catalog is in use',
  invalidatedBy: 'a changed name (recomputed); a new catalog version (its names built again, the old ones collected with it)',
  bound: 'one name per company the catalog has held',
});
const SLICE = 2_000;

async function buildNameKeys(catalog: CompanyCatalog): Promise<NameKeys> {
  const keys: string[] = [];
  const byKey = new Map<string, CatalogCompany[]>();
  for (const [position, company] of catalog.companies.entries()) {
    let known = keyById.get(company.id);
    if (known?.name !== company.name) {
      known = { name: company.name, key: normalizeSearchText(company.name) };
      keyById.set(company.id, known);
    }
    keys.push(known.key);
    const list = byKey.get(known.key);
    if (list) list.push(company);
    else byKey.set(known.key, [company]);
    if (position % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  return { keys, byKey };
}

function nameKeysOf(catalog: CompanyCatalog): Promise<NameKeys> {
  let found = keysByCatalog.get(catalog);
  if (!found) {
    found = buildNameKeys(catalog);
    keysByCatalog.set(catalog, found);
  }
  return found;
}

/** How `existing` relates to `key`, or null when they are not similar. */
export function similarity(key: string, existing: string): SimilarMatch | null {
  if (key === '' || existing === '') return null;
  if (existing === key) return 'same';
  if (Array.from(key).length >= MIN_CONTAINED_LENGTH && existing.includes(key)) return 'contains';
  if (Array.from(existing).length >= MIN_CONTAINED_LENGTH && key.includes(existing)) return 'contained';
  return null;
}

/** The substrings of `key` that a contained name could be: two characters or more, shorter than the key. */
function innerParts(key: string): Set<string> {
  const points = Array.from(key);
  const parts = new Set<string>();
  for (let start = 0; start < points.length; start++) {
    for (let end = start + MIN_CONTAINED_LENGTH; end <= points.length; end++) {
      if (end - start < points.length) parts.add(points.slice(start, end).join(''));
    }
  }
  return parts;
}

/** The catalog's companies similar to `key`. */
async function fromCatalog(catalog: CompanyCatalog, key: string): Promise<Keyed[]> {
  const { keys, byKey } = await nameKeysOf(catalog);
  const found: Keyed[] = (byKey.get(key) ?? []).map((company) => ({ company, key }));
  if (Array.from(key).length >= MIN_CONTAINED_LENGTH) {
    // The index answers names or readings containing the key; keep the names.
    for (const position of catalog.index.positions(key, Number.POSITIVE_INFINITY)) {
      const existing = keys[position]!;
      if (existing !== key && existing.includes(key)) found.push({ company: catalog.companies[position]!, key: existing });
    }
  }
  for (const part of innerParts(key)) {
    for (const company of byKey.get(part) ?? []) found.push({ company, key: part });
  }
  return found;
}

/** Companies changed in the last minutes, straight from the database. */
async function recentlyChanged(): Promise<Keyed[]> {
  const rows = await db()
    .select({ id: companies.id, name: companies.name, kana: companies.kana, prefectureName: prefectures.name })
    .from(companies)
    .innerJoin(prefectures, eq(prefectures.id, companies.prefectureId))
    .where(gt(companies.updatedAt, sql`now() - ${RECENT}`));
  return rows.map((company) => ({ company, key: normalizeSearchText(company.name) }));
}

const ORDER: Record<SimilarMatch, number> = { same: 0, contains: 1, contained: 2 };

/** Up to 20 companies whose names are similar to `name`, the same names first; `excludeCompanyId` is the one being edited. */
export async function findSimilarCompanies(options: { name: string; excludeCompanyId?: number }): Promise<SimilarCompany[]> {
  const key = normalizeSearchText(options.name);
  if (!key) return [];
  const [catalog, recent] = await Promise.all([getCompanyCatalog(), recentlyChanged()]);
  const recentIds = new Set(recent.map((entry) => entry.company.id));
  const candidates = [...(await fromCatalog(catalog, key)).filter((entry) => !recentIds.has(entry.company.id)), ...recent];
  const similar = new Map<number, SimilarCompany>();
  for (const { company, key: existing } of candidates) {
    if (company.id === options.excludeCompanyId || similar.has(company.id)) continue;
    const match = similarity(key, existing);
    if (match)
      similar.set(company.id, { id: company.id, name: company.name, kana: company.kana, prefectureName: company.prefectureName, match });
  }
  return [...similar.values()].sort((a, b) => ORDER[a.match] - ORDER[b.match] || a.id - b.id).slice(0, LIMIT);
}
