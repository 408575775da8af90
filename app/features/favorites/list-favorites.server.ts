import { desc, eq } from 'drizzle-orm';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import { companies, favorites } from '../../db/schema';
import { companyPlaceNames, withCompanyPlace } from '../companies/company-place.server';

export type FavoriteCompany = {
  companyId: number;
  name: string;
  industryName: string;
  prefectureName: string;
  /** ISO 8601. */
  addedAt: string;
};

/** The student's favorite companies for /mypage, newest first. */
export async function listFavorites(options: { tx?: DbOrTx; userId: number }): Promise<FavoriteCompany[]> {
  const handle = orDb(options.tx);
  const rows = await withCompanyPlace(
    handle
      .select({ companyId: companies.id, name: companies.name, ...companyPlaceNames, addedAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(companies, eq(companies.id, favorites.companyId))
      .$dynamic(),
  )
    .where(eq(favorites.userId, options.userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.companyId));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}
