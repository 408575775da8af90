// The bodies of the draft calls (POST /api/v1/student/drafts, PUT …/drafts/{id}), checked
// before the feature sees them; the content itself is checked by its type's draft schema.
import { z } from '../../lib/zod';
import { POST_TYPE_KEYS } from '../../db/enums';

const optionalId = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce.number().int().positive().max(2_147_483_647).nullable(),
);
const content = z.record(z.string(), z.unknown());

export const createDraftRequest = z.object({
  type: z.enum(POST_TYPE_KEYS),
  draftKey: z.uuid(),
  saveId: z.uuid().optional(),
  companyId: optionalId.default(null),
  recruitServiceId: optionalId.default(null),
  content,
});

export const saveDraftRequest = z.object({
  /** The form's content type: lets the common save be one statement. */
  type: z.enum(POST_TYPE_KEYS).optional(),
  lockVersion: z.coerce.number().int().min(0).max(2_147_483_647),
  /** The tab's id of this save, stored with it (docs/decisions/025-posting.md). */
  saveId: z.uuid().optional(),
  companyId: optionalId.default(null),
  recruitServiceId: optionalId.default(null),
  content,
});
