import { eq } from 'drizzle-orm';
import { recruitServices } from '../../db/schema';
import { orDb, type DbOrTx } from '../../db/transaction.server';
import type { ServiceFields } from './service-form-schema';

export type ServiceForEditing = ServiceFields & { id: number; createdAt: Date; updatedAt: Date };

/** A service's stored fields as the admin form shows them, or null. */
export async function getServiceForEditing(options: { tx?: DbOrTx; recruitServiceId: number }): Promise<ServiceForEditing | null> {
  const [row] = await orDb(options.tx)
    .select({
      id: recruitServices.id,
      name: recruitServices.name,
      kana: recruitServices.kana,
      category: recruitServices.category,
      url: recruitServices.url,
      description: recruitServices.description,
      createdAt: recruitServices.createdAt,
      updatedAt: recruitServices.updatedAt,
    })
    .from(recruitServices)
    .where(eq(recruitServices.id, options.recruitServiceId));
  return row ?? null;
}
