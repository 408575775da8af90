import { eq } from 'drizzle-orm';
import { recruitServices } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import type { ServiceFields } from './service-form-schema';

export type ServiceForEditing = ServiceFields & { id: number; createdAt: Date; updatedAt: Date };

/** The columns of a service's editable fields (ServiceFields), as read for the form and for a change. */
export const serviceFieldColumns = {
  name: recruitServices.name,
  kana: recruitServices.kana,
  category: recruitServices.category,
  url: recruitServices.url,
  description: recruitServices.description,
};

/** A service's stored fields as the admin form shows them, or null. */
export async function getServiceForEditing(options: { tx?: DbOrTx; recruitServiceId: number }): Promise<ServiceForEditing | null> {
  const [row] = await orDb(options.tx)
    .select({
      id: recruitServices.id,
      ...serviceFieldColumns,
      createdAt: recruitServices.createdAt,
      updatedAt: recruitServices.updatedAt,
    })
    .from(recruitServices)
    .where(eq(recruitServices.id, options.recruitServiceId));
  return row ?? null;
}
