// The two badge calls of SPEC.md section 7, without the framework: a route resolves the viewer
// (the global CSRF check has already run for the POST) and hands over.
//   GET  /api/v1/student/badges/acquire            → answerAcquireBadges
//   POST /api/v1/student/badges/display_acquired   → answerDisplayAcquiredBadges
import { json, jsonError } from '../../lib/http';
import { parseBadgeKindIds } from './badge-call-payload';
import { listUndisplayedBadges } from './list-undisplayed-badges.server';
import { markBadgesDisplayed } from './mark-badges-displayed.server';

const NO_STORE = { 'Cache-Control': 'no-store' };

function unauthorized(): Response {
  return jsonError(401, 'unauthorized', 'ログインが必要です。ログインしてからもう一度お試しください。');
}

/** `{"badge_kinds":[{"id","name","icon","color"}]}`: the student's acquired, not yet shown badges. */
export async function answerAcquireBadges(options: { userId: number | null }): Promise<Response> {
  if (options.userId === null) return unauthorized();
  const badgeKinds = await listUndisplayedBadges({ userId: options.userId });
  return json({ badge_kinds: badgeKinds }, { headers: NO_STORE });
}

/** Reads badge_kind_ids from a JSON body or form fields (badge_kind_ids[] or badge_kind_ids). */
async function readBadgeKindIds(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const body = (await request.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>).badge_kind_ids : undefined;
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await request.formData();
    return [...form.getAll('badge_kind_ids[]'), ...form.getAll('badge_kind_ids')];
  }
  return undefined;
}

/**
 * Marks the listed badges as shown. Only the caller's own grants change; ids that are not theirs
 * change nothing. Answers `{"badge_kind_ids":[…]}` with the ids this call marked.
 */
export async function answerDisplayAcquiredBadges(options: { userId: number | null; request: Request }): Promise<Response> {
  if (options.userId === null) return unauthorized();
  let raw: unknown;
  try {
    raw = await readBadgeKindIds(options.request);
  } catch {
    return jsonError(400, 'invalid_request', 'リクエストの形式が正しくありません。');
  }
  const ids = parseBadgeKindIds(raw);
  if (ids === null) return jsonError(422, 'invalid_badge_kind_ids', 'バッジの指定が正しくありません。');
  const marked = await markBadgesDisplayed({ userId: options.userId, badgeKindIds: ids });
  return json({ badge_kind_ids: marked }, { headers: NO_STORE });
}
