import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import type { CompanyFields } from './company-form-schema';

export type CompanyForEditing = CompanyFields & { id: number; publishedPostCount: number; createdAt: Date; updatedAt: Date };

/** The columns of a company's editable fields (CompanyFields), as read for the form and for a change. */
export const companyFieldColumns = {
  name: companies.name,
  kana: companies.kana,
  industryId: companies.industryId,
  prefectureId: companies.prefectureId,
  url: companies.url,
  employeeCount: companies.employeeCount,
  foundedYear: companies.foundedYear,
  description: companies.description,
};

/** A company's stored fields as the admin form shows them, or null. */
export async function getCompanyForEditing(options: { tx?: DbOrTx; companyId: number }): Promise<CompanyForEditing | null> {
  const [row] = await orDb(options.tx)
    .select({
      id: companies.id,
      ...companyFieldColumns,
      publishedPostCount: companies.publishedPostCount,
      createdAt: companies.createdAt,
      updatedAt: companies.updatedAt,
    })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  return row ?? null;
}
