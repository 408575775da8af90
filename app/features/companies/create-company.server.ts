import { orDb, type DbOrTx } from '../../db/transaction.server';
import { companies } from '../../db/schema';

/**
 * Adds a company to the catalog. Its post counts and rating average start at zero and are kept
 * by refreshCompanyStats as posts are published, never set here. The search catalog notices the
 * new row through the companies version (migration 0006).
 */
export async function createCompany(options: {
  tx?: DbOrTx;
  name: string;
  /** Reading in full-width katakana (フリガナ). */
  kana: string;
  industryId: number;
  prefectureId: number;
  url?: string | null;
  employeeCount?: number | null;
  foundedYear?: number | null;
  description?: string;
}): Promise<{ companyId: number }> {
  const [row] = await orDb(options.tx)
    .insert(companies)
    .values({
      name: options.name,
      kana: options.kana,
      industryId: options.industryId,
      prefectureId: options.prefectureId,
      url: options.url ?? null,
      employeeCount: options.employeeCount ?? null,
      foundedYear: options.foundedYear ?? null,
      description: options.description ?? '',
    })
    .returning({ id: companies.id });
  return { companyId: row!.id };
}
