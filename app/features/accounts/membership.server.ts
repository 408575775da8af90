// Whether a session cookie belongs to a member (a live session with a user), for the pages shared
// by audience (docs/decisions/030-shared-pages.md): the post page is cached once for members, who
// read posts in full, and once for visitors. The session's row comes from this process's memory
// once read (personal-rows.server.ts, decision 071), so a member's page costs no query, and a
// session that ends is a visitor's from its next request on. Nothing personal rides on it: the
// member's page is the same for every member.
import { findSession } from './sessions.server';

export async function isMemberSession(sessionId: string | null, now = Date.now()): Promise<boolean> {
  if (!sessionId) return false;
  return Boolean((await findSession({ id: sessionId, now: new Date(now) }))?.user);
}
