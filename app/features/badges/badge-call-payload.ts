// The payload of POST /api/v1/student/badges/display_acquired (SPEC.md section 7): a list of
// badge kind ids, sent as JSON by our client or as form fields by a plain form.
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

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

/**
 * badge_kind_ids from a JSON body or form fields (badge_kind_ids[] or badge_kind_ids), as unique
 * numbers. A body that cannot be read is invalid_request (400); ids that are not a list of
 * positive integers are unknown_badge_kind (422).
 */
export async function readBadgeKindIds(request: Request): Promise<number[]> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  let raw: unknown;
  try {
    if (type === 'application/json') {
      const body = (await request.json()) as unknown;
      raw = body && typeof body === 'object' ? (body as Record<string, unknown>).badge_kind_ids : undefined;
    } else if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
      const form = await request.formData();
      raw = [...form.getAll('badge_kind_ids[]'), ...form.getAll('badge_kind_ids')];
    }
  } catch (error) {
    throw new AppError('invalid_request', { cause: error });
  }
  const ids = parseBadgeKindIds(raw);
  if (ids === null) throw new AppError('unknown_badge_kind');
  return ids;
}
