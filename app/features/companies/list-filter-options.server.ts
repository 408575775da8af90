import { asc } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { industries, prefectures } from '../../db/schema';
import { forMs, registerCache } from '../../lib/caches.server';

export type FilterOptions = {
  industries: Array<{ id: number; name: string }>;
  prefectures: Array<{ id: number; name: string; region: string }>;
};

let cached: { at: number; value: FilterOptions } | undefined;
const TTL_MS = 60_000;
registerCache({
  name: 'filter options',
  holds: 'the industries and prefectures, with their names and regions',
  feeds: 'the search filters (/companies), the post lists filtered by industry, the company form of /admin',
  lifetime: forMs(TTL_MS),
  invalidatedBy: 'nothing (they change only with a migration or the reference data seed)',
  bound: 'one list',
  size: () => (cached ? 1 : 0),
  clear: () => {
    cached = undefined;
  },
});

/** Industries and prefectures for the search filters; they change rarely, so kept a minute. */
export async function listFilterOptions(): Promise<FilterOptions> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const [industryRows, prefectureRows] = await Promise.all([
    db().select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.sortOrder), asc(industries.id)),
    db().select({ id: prefectures.id, name: prefectures.name, region: prefectures.region }).from(prefectures).orderBy(asc(prefectures.id)),
  ]);
  const value = { industries: industryRows, prefectures: prefectureRows };
  cached = { at: Date.now(), value };
  return value;
}
