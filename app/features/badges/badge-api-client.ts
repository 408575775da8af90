// Browser side of the two badge calls of docs/product/calls.md#badge-calls, on the site's one client
// (app/lib/site-client.ts). As docs/product/calls.md describes it: nothing is sent without the
// page's csrf-token meta tag (the GET included), the XSRF cookie is echoed as a header, answers
// come back with camelCase keys, there is no timeout and no retry. Failures are rethrown as the
// client's CallError (docs/product/calls.md#errors).
import { pageCsrfToken } from '../../lib/csrf';
import { CallError, CSRF_TOKEN_NOT_FOUND, callSite } from '../../lib/site-client';
import type { BadgeIconKind, BadgeTier } from './catalog';

export type AcquiredBadgeKind = { id: number; name: string; icon: BadgeIconKind; color: BadgeTier };
export type AcquireBadgesAnswer = { badgeKinds: AcquiredBadgeKind[] };

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Converts every object key, at any depth, from snake_case to camelCase. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), camelizeKeys(inner)]));
  }
  return value;
}

async function send(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<unknown> {
  // docs/product/calls.md#badge-calls: both calls are sent only when the page has the token.
  if (!pageCsrfToken()) throw new Error(CSRF_TOKEN_NOT_FOUND);
  const result = await callSite<unknown>(path, { method, json: body, retries: 0 });
  if (!result.ok) throw new CallError(path, result);
  return camelizeKeys(result.data);
}

/** GET /api/v1/student/badges/acquire: the student's acquired, not yet shown badge kinds. */
export async function fetchAcquiredBadges(): Promise<AcquireBadgesAnswer> {
  const answer = (await send('GET', '/api/v1/student/badges/acquire')) as Partial<AcquireBadgesAnswer>;
  return { badgeKinds: answer.badgeKinds ?? [] };
}

/** POST /api/v1/student/badges/display_acquired: reports the badges as shown by the popup. */
export async function displayAcquiredBadges(options: { badgeKindIds: readonly number[] }): Promise<unknown> {
  return send('POST', '/api/v1/student/badges/display_acquired', { badge_kind_ids: [...options.badgeKindIds] });
}
