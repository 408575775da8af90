// Whether a session cookie belongs to a member (a live session with a user), for the pages shared
// by audience (docs/decisions/030-shared-pages.md): the post page is cached once for members, who
// read posts in full, and once for visitors. Answers are kept per process for 30 seconds, so a
// member's page costs no query; a session that ends is still read as a member's for at most that
// long, by the one cookie that the logout has already removed from its browser. Nothing personal
// rides on it: the member's page is the same for every member.
import { forMs, registerCache } from '../../lib/caches.server';
import { findSession, sessionKeyOf } from './sessions.server';

const TTL_MS = 30_000;
const MAX_SESSIONS = 50_000;
const known = new Map<string, { member: boolean; until: number }>();
registerCache({
  name: 'membership',
  holds: 'whether a session cookie belongs to a live session with a user, by the key of the session id',
  feeds: 'the audience of the pages shared by audience: the post page in full for members (decision 030)',
  lifetime: forMs(TTL_MS),
  invalidatedBy: 'nothing: an ended session is read as a member for at most this long',
  bound: `${MAX_SESSIONS.toLocaleString('en-US')} sessions, the oldest answers go first`,
  size: () => known.size,
  clear: () => known.clear(),
});

export async function isMemberSession(sessionId: string | null, now = Date.now()): Promise<boolean> {
  if (!sessionId) return false;
  const key = sessionKeyOf(sessionId);
  if (key === null) return false;
  const hit = known.get(key);
  if (hit && hit.until > now) return hit.member;
  const session = await findSession({ id: sessionId, now: new Date(now) });
  const member = Boolean(session?.user);
  known.delete(key);
  known.set(key, { member, until: now + TTL_MS });
  if (known.size > MAX_SESSIONS) known.delete(known.keys().next().value as string);
  return member;
}

/** For tests: forget every answer. */
export function forgetMemberships(): void {
  known.clear();
}
