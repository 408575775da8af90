// A moderator adds or edits a company (issue 14; docs/decisions/029-admin-catalog.md): the
// similar-name check, the change and its audit row in one transaction, then the search catalog
// of this process reloads at once (other processes notice the companies version within 5 s).
import { eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { inTransaction } from '../../db/transaction.server';
import { industries, prefectures } from '../../db/schema';
import type { CompanyFields, CompanyForm } from '../companies/company-form-schema';
import { createCompany } from '../companies/create-company.server';
import { updateCompany } from '../companies/update-company.server';
import { getCompanyForEditing } from '../companies/get-company-for-editing.server';
import { refreshCompanyCatalog } from '../search/company-catalog.server';
import { normalizeSearchText } from '../search/normalize';
import { recordModeratorAction } from './audit-log.server';
import { findSimilarCompanies, type SimilarCompany } from './find-similar-companies.server';
import { AppError } from '../../lib/app-error';
import type { CatalogSaveOutcome } from './catalog-outcome';
import { createdFields } from '../../lib/field-changes';
import type { FieldErrors } from '../../lib/form';

export type SaveCompanyOutcome = CatalogSaveOutcome<SimilarCompany>;

export const SIMILAR_COMPANY_MESSAGE =
  '似た名前の企業がすでに登録されています。同じ企業を重複して登録していないか確認し、チェックを入れてからもう一度保存してください。';

async function referenceErrors(fields: CompanyFields): Promise<FieldErrors> {
  const [[industry], [prefecture]] = await Promise.all([
    db().select({ id: industries.id }).from(industries).where(eq(industries.id, fields.industryId)),
    db().select({ id: prefectures.id }).from(prefectures).where(eq(prefectures.id, fields.prefectureId)),
  ]);
  const errors: FieldErrors = {};
  if (!industry) errors.industryId = '業種を選んでください。';
  if (!prefecture) errors.prefectureId = '本社所在地（都道府県）を選んでください。';
  return errors;
}

/**
 * Creates the company (no `companyId`) or changes it. Throws AppError 'validation_failed' with
 * messages by field for an unknown industry or prefecture or a name that is only a corporate word
 * (docs/decisions/056-one-error-shape.md); answers 'similar' when a new or renamed company's name
 * is like others' and `form.similarFor` is not this name's key (the warning's hidden field, sent
 * with the moderator's tick). Throws AppError 'company_not_found' for an unknown `companyId`.
 */
export async function saveCompany(options: { moderatorId: number; companyId?: number; form: CompanyForm }): Promise<SaveCompanyOutcome> {
  const { confirmSimilar, similarFor, ...fields } = options.form;
  const existing = options.companyId === undefined ? null : await getCompanyForEditing({ companyId: options.companyId });
  if (options.companyId !== undefined && !existing) throw new AppError('company_not_found');

  const key = normalizeSearchText(fields.name);
  const errors = await referenceErrors(fields);
  if (!key) errors.name = '企業名には「株式会社」などを除いた名前の部分も入力してください。';
  if (Object.keys(errors).length > 0) throw new AppError('validation_failed', { fields: errors });

  // An edit that keeps the name (as search sees it) is not warned about again.
  const renamed = !existing || normalizeSearchText(existing.name) !== key;
  if (renamed && !(confirmSimilar && similarFor === key)) {
    const similar = await findSimilarCompanies({ name: fields.name, excludeCompanyId: options.companyId });
    if (similar.length > 0) return { status: 'similar', similar, similarFor: key };
  }

  const outcome = await inTransaction(undefined, async (tx) => {
    if (!existing) {
      const { companyId } = await createCompany({ tx, ...fields });
      await recordModeratorAction({
        tx,
        moderatorId: options.moderatorId,
        action: 'create_company',
        companyId,
        detail: createdFields(fields),
      });
      return { id: companyId, created: true, changed: true };
    }
    const { changes } = await updateCompany({ tx, companyId: existing.id, fields });
    const changed = Object.keys(changes).length > 0;
    if (changed) {
      await recordModeratorAction({
        tx,
        moderatorId: options.moderatorId,
        action: 'update_company',
        companyId: existing.id,
        detail: changes,
      });
    }
    return { id: existing.id, created: false, changed };
  });
  // This process's search sees the change now instead of at its next 5-second check.
  if (outcome.changed) refreshCompanyCatalog();
  return { status: 'saved', ...outcome };
}
