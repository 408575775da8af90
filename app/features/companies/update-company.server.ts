import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { fieldChanges, type FieldChanges } from '../../lib/field-changes';
import type { CompanyFields } from './company-form-schema';
import { companyFieldColumns } from './get-company-for-editing.server';

/** What an edit changed: each field with its value before and after. */
export type CompanyChanges = FieldChanges<CompanyFields>;

const FIELDS = Object.keys(companyFieldColumns) as Array<keyof CompanyFields>;

/**
 * Changes a company's own fields (never its post counts, which refreshCompanyStats keeps) and
 * answers what changed; an edit that changes nothing writes nothing. The row is locked for the
 * comparison, so two moderators' edits each see the other's result. Throws AppError
 * 'company_not_found' for an unknown id. The search catalog notices the change through the
 * companies version (migration 0006).
 */
export async function updateCompany(options: {
  tx?: DbOrTx;
  companyId: number;
  fields: CompanyFields;
}): Promise<{ changes: CompanyChanges }> {
  return inTransaction(options.tx, async (tx) => {
    const [before] = await tx.select(companyFieldColumns).from(companies).where(eq(companies.id, options.companyId)).for('update');
    if (!before) throw new AppError('company_not_found', { detail: `No company ${options.companyId}` });
    const { changes, set } = fieldChanges<CompanyFields>(before, options.fields, FIELDS);
    if (Object.keys(set).length > 0) {
      await tx
        .update(companies)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(companies.id, options.companyId));
    }
    return { changes };
  });
}
