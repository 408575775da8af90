// The rows derived from a published post (its list row and ES questions, migration 0014; its
// selection insight, migration 0030) are written at commit by deferred triggers, one post at a
// time. A bulk write of thousands of posts (the demo seed, the benchmark's data) turns them off
// inside its transaction and derives the rows of the whole id range with the same functions the
// triggers call for one post: on the embedded database the demo seed's commit took 23.6 s with the
// triggers, for the same rows.
import { sql } from 'drizzle-orm';
import type { Db } from './client.server';

/** The deferred insert triggers of migrations 0014 and 0030 (table, trigger). */
const POST_SYNC_TRIGGERS = [
  ['posts', 'posts_listing_sync_insert'],
  ['entry_sheets', 'entry_sheets_listing_sync'],
  ['intern_experiences', 'intern_experiences_listing_sync'],
  ['screening_experiences', 'screening_experiences_listing_sync'],
  ['posts', 'posts_selection_sync_insert'],
  ['intern_experiences', 'intern_experiences_selection_sync'],
  ['screening_experiences', 'screening_experiences_selection_sync'],
] as const;

/** The statements that turn the triggers off (false) or on again (true). */
export function postSyncTriggerStatements(enabled: boolean): string[] {
  return POST_SYNC_TRIGGERS.map(([table, trigger]) => `ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
}

/**
 * Runs `write` (inserts of posts and their detail rows, in `handle`'s transaction) with the
 * per-post triggers off, then writes the derived rows of every post with an id in `range` in two
 * statements. ALTER TABLE is transactional: a failure leaves the triggers on, and other sessions
 * wait for the commit before they write posts.
 */
export async function writePostsInBulk(handle: Db, range: { from: number; to: number }, write: () => Promise<void>) {
  for (const statement of postSyncTriggerStatements(false)) await handle.execute(sql.raw(statement));
  await write();
  const { from, to } = range;
  if (from <= to) {
    // Each function writes the derived rows of the range (and removes those of unpublished posts).
    await handle.execute(sql`SELECT sync_post_listings(${from}, ${to})`);
    await handle.execute(sql`SELECT sync_selection_insight(${from}, ${to})`);
  }
  for (const statement of postSyncTriggerStatements(true)) await handle.execute(sql.raw(statement));
}
