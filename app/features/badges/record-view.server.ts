import { eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { badgeGrants } from '../../db/schema';
import { registeredMap } from '../../lib/caches.server';
import { grantBadges } from './grant-badges.server';
import { badgesEarnedBy, type Activity } from './rules';

/**
 * The badges each student is known to hold, per process (docs/decisions/030-shared-pages.md).
 * Grants are never taken back, so a badge seen here is held for good; a badge not seen here is
 * looked up again before anything is written, so grants made by another process (or by another
 * request of this one) are found without a write. Bounded: the least recently used students go.
 */
const MAX_STUDENTS = 20_000;
const held = registeredMap<number, Set<number>>({
  name: 'held badges',
  holds: 'the badge kinds a student is known to hold, by student',
  feeds: "the personal call of shared pages, which grants a company's or a post's first-view badge (decision 030)",
  lifetime: 'for good: a grant is never taken back, and a badge not found here is read again before anything is written',
  invalidatedBy: 'nothing',
  bound: `${MAX_STUDENTS.toLocaleString('en-US')} students, the least recently seen go first`,
});

function remember(userId: number, ids: Set<number>): Set<number> {
  held.delete(userId);
  held.set(userId, ids);
  if (held.size > MAX_STUDENTS) held.delete(held.keys().next().value as number);
  return ids;
}

async function readHeldBadges(userId: number): Promise<Set<number>> {
  const rows = await db().select({ id: badgeGrants.badgeKindId }).from(badgeGrants).where(eq(badgeGrants.userId, userId));
  return remember(userId, new Set(rows.map((row) => row.id)));
}

/**
 * Reports a view (of a company, of a post): an activity that happens on every page and earns a
 * badge only the first time. Writes only when the badge is really new: a student who holds it
 * costs no query at all once known, and never a write (issue 15). `exists` confirms what was
 * viewed before the grant (an unknown company earns nothing); it runs only when a grant is due.
 * Returns the newly granted badge kind ids.
 */
export async function recordView(options: {
  userId: number;
  activity: Extract<Activity, { type: 'company_viewed' | 'post_viewed' }>;
  exists: () => Promise<boolean>;
}): Promise<number[]> {
  const candidates = badgesEarnedBy(options.activity, { userId: options.userId });
  if (candidates.length === 0) return [];
  const cached = held.get(options.userId);
  if (cached && candidates.every((id) => cached.has(id))) {
    remember(options.userId, cached);
    return [];
  }
  const known = await readHeldBadges(options.userId);
  if (candidates.every((id) => known.has(id))) return [];
  if (!(await options.exists())) return [];
  const granted = await grantBadges({ userId: options.userId, badgeKindIds: candidates });
  for (const id of candidates) known.add(id);
  return granted;
}

/** For tests: forget what this process knows. */
export function forgetHeldBadges(): void {
  held.clear();
}
