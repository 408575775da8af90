import { eq, sql } from 'drizzle-orm';
import { recruitServices } from '../../db/schema';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { AppError } from '../../lib/app-error';
import { fieldChanges, type FieldChanges } from '../../lib/field-changes';
import { serviceFieldColumns } from './get-service-for-editing.server';
import type { ServiceFields } from './service-form-schema';

/** What an edit changed: each field with its value before and after. */
export type ServiceChanges = FieldChanges<ServiceFields>;

const FIELDS = Object.keys(serviceFieldColumns) as Array<keyof ServiceFields>;

/**
 * Changes a job-hunting service and answers what changed; an edit that changes nothing writes
 * nothing. Throws AppError 'recruit_service_not_found' for an unknown id. A name another service
 * has fails on the unique constraint (the caller checks first and maps that failure).
 */
export async function updateRecruitService(options: {
  tx?: DbOrTx;
  recruitServiceId: number;
  fields: ServiceFields;
}): Promise<{ changes: ServiceChanges }> {
  return inTransaction(options.tx, async (tx) => {
    const [before] = await tx
      .select(serviceFieldColumns)
      .from(recruitServices)
      .where(eq(recruitServices.id, options.recruitServiceId))
      .for('update');
    if (!before) throw new AppError('recruit_service_not_found', { detail: `No recruit service ${options.recruitServiceId}` });
    const { changes, set } = fieldChanges<ServiceFields>(before, options.fields, FIELDS);
    if (Object.keys(set).length > 0) {
      await tx
        .update(recruitServices)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(recruitServices.id, options.recruitServiceId));
    }
    return { changes };
  });
}
