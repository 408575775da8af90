import { count, desc, eq, sql } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { companies, favorites } from '../../db/schema';
import { companyPlaceNames, withCompanyPlace } from './company-place.server';

export type CompanyCard = {
  id: number;
  name: string;
  kana: string;
  industryName: string;
  prefectureName: string;
  favoriteCount: number;
};

/** The companies most students keep as favorites. */
export async function listPopularCompanies(options: { limit: number }): Promise<CompanyCard[]> {
  const top = db()
    .select({ companyId: favorites.companyId, n: count().as('n') })
    .from(favorites)
    .groupBy(favorites.companyId)
    .orderBy(desc(sql`n`), favorites.companyId)
    .limit(options.limit)
    .as('top');
  const rows = await withCompanyPlace(
    db()
      .select({ id: companies.id, name: companies.name, kana: companies.kana, ...companyPlaceNames, favoriteCount: top.n })
      .from(top)
      .innerJoin(companies, eq(companies.id, top.companyId))
      .$dynamic(),
  ).orderBy(desc(top.n), companies.id);
  return rows.map((row) => ({ ...row, favoriteCount: Number(row.favoriteCount) }));
}
