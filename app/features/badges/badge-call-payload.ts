// The payload of POST /api/v1/student/badges/display_acquired (docs/product/calls.md#badge-calls): a list of
// badge kind ids, sent as JSON by our client or as form fields by a plain form.
import { z } from '../../lib/zod';
import { AppError } from '../../lib/app-error';
import { type Body, jsonObject, readBody } from '../../lib/form-data.server';

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

/** badge_kind_ids as sent: a JSON body's key or the form's fields; invalid_request when the body cannot be read. */
function sentIds(body: Body): unknown {
  if (body.kind === 'json') {
    if (body.value === undefined) throw new AppError('invalid_request');
    return jsonObject(body.value)?.badge_kind_ids;
  }
  if (body.kind === 'form') {
    if (!body.form) throw new AppError('invalid_request');
    return [...body.form.getAll('badge_kind_ids[]'), ...body.form.getAll('badge_kind_ids')];
  }
  return undefined;
}

/**
 * badge_kind_ids from a JSON body or form fields (badge_kind_ids[] or badge_kind_ids), as unique
 * numbers, read by the one body reader (app/lib/form-data.server.ts). A body that cannot be read
 * is invalid_request (400); ids that are not a list of positive integers, or none, are
 * unknown_badge_kind (422).
 */
export async function readBadgeKindIds(request: Request): Promise<number[]> {
  const ids = parseBadgeKindIds(sentIds(await readBody(request)));
  if (ids === null) throw new AppError('unknown_badge_kind');
  return ids;
}
