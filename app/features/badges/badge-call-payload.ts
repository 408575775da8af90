// The payload of POST /api/v1/student/badges/display_acquired (SPEC.md section 7): a list of
// badge kind ids, sent as JSON by our client or as form fields by a plain form.
import { z } from 'zod';

/** More ids than there are badge kinds is never a real popup. */
const MAX_IDS = 100;

const idSchema = z.union([
  z.number().int().positive().max(32_767),
  z
    .string()
    .regex(/^[1-9][0-9]{0,4}$/)
    .transform(Number)
    .pipe(z.number().max(32_767)),
]);

export const badgeKindIdsSchema = z.array(idSchema).max(MAX_IDS);

/** The ids as numbers, or null when the value is not a list of positive integers. */
export function parseBadgeKindIds(value: unknown): number[] | null {
  const parsed = badgeKindIdsSchema.safeParse(value);
  return parsed.success ? [...new Set(parsed.data)] : null;
}
