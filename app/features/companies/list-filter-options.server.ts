import { asc } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { industries, prefectures } from '../../db/schema';
import { registeredValue } from '../../lib/caches.server';

export type FilterOptions = {
  industries: Array<{ id: number; name: string }>;
  prefectures: Array<{ id: number; name: string; region: string }>;
};

const kept = registeredValue<FilterOptions>({
  name: 'filter options',
  holds: 'the industries and prefectures, with their names and regions',
  feeds: 'the search filters (/companies), the post lists filtered by industry, the company form of /admin',
  ttlMs: 60_000,
  invalidatedBy: 'nothing (they change only with a migration or the reference data seed)',
});

/** Industries and prefectures for the search filters; they change rarely, so kept a minute. */
export async function listFilterOptions(): Promise<FilterOptions> {
  const fresh = kept.fresh();
  if (fresh) return fresh;
  const [industryRows, prefectureRows] = await Promise.all([
    db().select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.sortOrder), asc(industries.id)),
    db().select({ id: prefectures.id, name: prefectures.name, region: prefectures.region }).from(prefectures).orderBy(asc(prefectures.id)),
  ]);
  const value = { industries: industryRows, prefectures: prefectureRows };
  kept.keep(value);
  return value;
}
