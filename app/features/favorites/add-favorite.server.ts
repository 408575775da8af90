import { eq, sql } from 'drizzle-orm';
import { writeRows } from '../../db/client.server';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { companies } from '../../db/schema';
import { recordActivity } from '../badges/record-activity.server';
import { AppError } from '../../lib/app-error';

export type AddFavoriteResult = {
  /** False when the company already was a favorite (a double click, a retry, another tab). */
  added: boolean;
  /** Badge kinds this favorite earned (106 on the first favorite). */
  newBadgeKindIds: number[];
};

/**
 * Adds a company to the student's favorites. Idempotent and safe under concurrent identical
 * calls: the (user, company) key with ON CONFLICT DO NOTHING lets exactly one insert through,
 * and only that one reports the activity, in the same transaction.
 * Throws AppError 'company_not_found' for an unknown company.
 */
export async function addFavorite(options: { tx?: DbOrTx; userId: number; companyId: number }): Promise<AddFavoriteResult> {
  return inTransaction(options.tx, async (tx) => {
    // Inserting from the companies table turns an unknown company into "no row" instead of a
    // foreign key error, which would abort the caller's transaction. Raw SQL for this
    // INSERT … SELECT … ON CONFLICT; the rare path below reads companies with the builder.
    const inserted = await writeRows<{ company_id: number }>(
      sql`INSERT INTO favorites (user_id, company_id)
          SELECT ${options.userId}, c.id FROM companies c WHERE c.id = ${options.companyId}
          ON CONFLICT (user_id, company_id) DO NOTHING
          RETURNING company_id`,
      tx,
    );
    if (inserted.length === 0) {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, options.companyId));
      if (!company) throw new AppError('company_not_found', { detail: `Company ${options.companyId} does not exist` });
      return { added: false, newBadgeKindIds: [] };
    }
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: { type: 'favorite_added', companyId: options.companyId },
    });
    return { added: true, newBadgeKindIds };
  });
}
