import { eq, sql } from 'drizzle-orm';
import { db, selectRows, type Db } from '../../db/client.server';
import { companies } from '../../db/schema';
import { recordActivity } from '../badges/record-activity.server';
import { FavoriteError } from './favorite-error';

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
 * Throws FavoriteError 'company_not_found' for an unknown company.
 */
export async function addFavorite(options: { tx?: Db; userId: number; companyId: number }): Promise<AddFavoriteResult> {
  const run = async (tx: Db): Promise<AddFavoriteResult> => {
    // Inserting from the companies table turns an unknown company into "no row" instead of a
    // foreign key error, which would abort the caller's transaction.
    const inserted = await selectRows<{ company_id: number }>(
      sql`INSERT INTO favorites (user_id, company_id)
          SELECT ${options.userId}, c.id FROM companies c WHERE c.id = ${options.companyId}
          ON CONFLICT (user_id, company_id) DO NOTHING
          RETURNING company_id`,
      tx,
    );
    if (inserted.length === 0) {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, options.companyId));
      if (!company) throw new FavoriteError('company_not_found', `Company ${options.companyId} does not exist`);
      return { added: false, newBadgeKindIds: [] };
    }
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: { type: 'favorite_added', companyId: options.companyId },
    });
    return { added: true, newBadgeKindIds };
  };
  return options.tx ? run(options.tx) : db().transaction((tx) => run(tx));
}
