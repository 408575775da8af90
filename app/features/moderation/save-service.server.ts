// A moderator adds or edits a job-hunting service (issue 14; docs/decisions/029-admin-catalog.md).
// Names are unique as stored; a name that differs only in what search ignores (full/half width,
// kana, spaces, corporate words) is warned about and saved once the moderator confirms it.
import { asc } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction.server';
import { recruitServices } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createdFields } from '../../lib/field-changes';
import { createRecruitService } from '../recruit-services/create-recruit-service.server';
import { getServiceForEditing } from '../recruit-services/get-service-for-editing.server';
import type { ServiceForm } from '../recruit-services/service-form-schema';
import { updateRecruitService } from '../recruit-services/update-recruit-service.server';
import { normalizeSearchText } from '../search/normalize';
import { recordModeratorAction } from './audit-log.server';
import type { CatalogSaveOutcome } from './catalog-outcome';

export type SimilarService = { id: number; name: string; kana: string; category: string };

export type SaveServiceOutcome = CatalogSaveOutcome<SimilarService>;

export const SERVICE_NAME_TAKEN_MESSAGE =
  'この名前の就活サービスはすでに登録されています。別の名前にするか、登録済みのサービスを編集してください。';
export const SIMILAR_SERVICE_MESSAGE =
  '同じ名前と見なされる就活サービスがすでに登録されています。重複していないか確認し、チェックを入れてからもう一度保存してください。';

/** Every service whose name is the same as `name` for search, `excludeId` left out. */
export async function findSimilarServices(options: { name: string; excludeId?: number }): Promise<SimilarService[]> {
  const key = normalizeSearchText(options.name);
  if (!key) return [];
  // A few dozen services: read them all.
  const rows = await db()
    .select({ id: recruitServices.id, name: recruitServices.name, kana: recruitServices.kana, category: recruitServices.category })
    .from(recruitServices)
    .orderBy(asc(recruitServices.id));
  return rows.filter((row) => row.id !== options.excludeId && normalizeSearchText(row.name) === key);
}

/** The name refused, beside the name field (docs/decisions/056-one-error-shape.md). */
const nameRefused = (message: string, cause?: unknown) => new AppError('validation_failed', { fields: { name: message }, cause });

/**
 * Creates the service (no `recruitServiceId`) or changes it, with its audit row. Throws AppError
 * 'validation_failed' with the name's message when another service has this exact name (or the
 * name is only a corporate word); answers 'similar' when one has the same name for search and
 * `form.similarFor` is not this name's key. Throws AppError 'recruit_service_not_found' for an
 * unknown id.
 */
export async function saveService(options: {
  moderatorId: number;
  recruitServiceId?: number;
  form: ServiceForm;
}): Promise<SaveServiceOutcome> {
  const { confirmSimilar, similarFor, ...fields } = options.form;
  const id = options.recruitServiceId;
  const existing = id === undefined ? null : await getServiceForEditing({ recruitServiceId: id });
  if (id !== undefined && !existing) throw new AppError('recruit_service_not_found');

  const key = normalizeSearchText(fields.name);
  if (!key) throw nameRefused('サービス名には「株式会社」などを除いた名前の部分も入力してください。');
  const renamed = !existing || existing.name !== fields.name;
  if (renamed) {
    const similar = await findSimilarServices({ name: fields.name, excludeId: id });
    if (similar.some((service) => service.name === fields.name)) throw nameRefused(SERVICE_NAME_TAKEN_MESSAGE);
    const alreadyAlike = existing !== null && normalizeSearchText(existing.name) === key;
    if (similar.length > 0 && !alreadyAlike && !(confirmSimilar && similarFor === key))
      return { status: 'similar', similar, similarFor: key };
  }

  try {
    const outcome = await inTransaction(undefined, async (tx) => {
      if (!existing) {
        const { recruitServiceId } = await createRecruitService({ tx, ...fields });
        await recordModeratorAction({
          tx,
          moderatorId: options.moderatorId,
          action: 'create_service',
          recruitServiceId,
          detail: createdFields(fields),
        });
        return { id: recruitServiceId, created: true, changed: true };
      }
      const { changes } = await updateRecruitService({ tx, recruitServiceId: existing.id, fields });
      const changed = Object.keys(changes).length > 0;
      if (changed) {
        await recordModeratorAction({
          tx,
          moderatorId: options.moderatorId,
          action: 'update_service',
          recruitServiceId: existing.id,
          detail: changes,
        });
      }
      return { id: existing.id, created: false, changed };
    });
    return { status: 'saved', ...outcome };
  } catch (error) {
    // Another moderator saved the same name a moment ago.
    if (isUniqueViolation(error)) throw nameRefused(SERVICE_NAME_TAKEN_MESSAGE, error);
    throw error;
  }
}
