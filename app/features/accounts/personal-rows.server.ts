// A session's row as the personal call reads it (the session, its user, a student's favorites,
// clips, votes, tracker entries and unread notices), kept in this process's memory while nothing it holds has
// changed (docs/decisions/071-personal-rows-in-memory.md). The database announces every change to
// them on the channel personal_changes (migration 0023, triggers), whichever process or script
// made it: an entry goes as soon as its change is heard, and none is used while this process may
// miss one (before it listens, after its listening connection is lost, until it listens again).
// A write of this process ends the entries of its session and user when its request is answered,
// before its notification may have come back: the student's next call reads what was committed.
import { changeMark, forgetKeptChanges, freshMark, noteChange, onDatabaseChange } from '../../db/changes.server';
import { database } from '../../db/client.server';
import type { UserRole } from '../../db/enums';
import { forMs, registerCache } from '../../lib/caches.server';

// The session, its user, a student's favorites (newest first), clips and votes in one statement of a PL/pgSQL
// function (migration 0012), whose plan is made once per connection: the call is made on every
// page a student opens, and planning the query cost more than running it.
const PERSONAL_QUERY = 'SELECT * FROM personal_parts($1)';

export type PersonalRow = {
  csrf_token: string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  user_id: number | null;
  role: UserRole | null;
  name: string | null;
  email: string | null;
  favorite_company_ids: number[] | null;
  clipped_post_ids: number[] | null;
  voted_post_ids: number[] | null;
  /** 'company_id:category:status:outcome' (migration 0016). */
  tracker_entries: string[] | null;
  /** A student's unread notices, counted up to 100 (migration 0029). */
  unread_notices: number | null;
};

/** A bound on what one missed notification could leave behind: an entry is read again after this. */
const MAX_AGE_MS = 5 * 60_000;
const MAX_ENTRIES = 50_000;

type Entry = { row: PersonalRow; userId: number | null; until: number };

const entries = new Map<string, Entry>();
/** The session keys of each user's entries. */
const keysOfUser = new Map<number, Set<string>>();

registerCache({
  name: 'personal rows',
  holds:
    "a session's row of personal_parts(): the session, its user, a student's favorites, clips, votes, tracker entries and unread notices",
  feeds: 'every session lookup (findSession) and the personal call of the shared pages',
  lifetime: `until the database announces a change to it (channel personal_changes), at most ${forMs(MAX_AGE_MS)}`,
  invalidatedBy:
    "the triggers of migrations 0023 and 0029 (sessions, users, favorites, clips, useful_votes, tracker_entries, notifications), heard by every process; this process's own writes when their request is answered; all of it when the listening connection is lost",
  bound: `${MAX_ENTRIES.toLocaleString('en-US')} sessions, the oldest first`,
  size: () => entries.size,
  clear: () => forgetAll(),
});

/** Who keeps something else of a user's that the same changes end (a student's recommendations). */
const userListeners = new Set<(userId: number | null) => void>();

/**
 * Calls `listener` with a user's id when something of theirs changed, or with null when anything
 * may have (this process stopped or started listening). Until the returned function is called.
 */
export function onUserChanged(listener: (userId: number | null) => void): () => void {
  userListeners.add(listener);
  return () => userListeners.delete(listener);
}

function forgetAll(): void {
  entries.clear();
  keysOfUser.clear();
  for (const listener of userListeners) listener(null);
}

function forgetKey(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  if (entry.userId === null) return;
  const keys = keysOfUser.get(entry.userId);
  keys?.delete(key);
  if (keys?.size === 0) keysOfUser.delete(entry.userId);
}

function forgetUser(userId: number): void {
  for (const key of keysOfUser.get(userId) ?? []) entries.delete(key);
  keysOfUser.delete(userId);
  for (const listener of userListeners) listener(userId);
}

onDatabaseChange((payload) => {
  if (payload === null) forgetAll();
  else if (payload.startsWith('s:')) forgetKey(payload.slice(2));
  else if (payload.startsWith('u:')) forgetUser(Number(payload.slice(2)));
});

/** For tests: forget every row, as a process that has just started. */
export function forgetPersonalRows(): void {
  forgetKeptChanges();
}

function remember(key: string, row: PersonalRow, now: number): void {
  forgetKey(key);
  entries.set(key, { row, userId: row.user_id, until: now + MAX_AGE_MS });
  if (row.user_id !== null) {
    const keys = keysOfUser.get(row.user_id) ?? new Set<string>();
    keys.add(key);
    keysOfUser.set(row.user_id, keys);
  }
  if (entries.size > MAX_ENTRIES) forgetKey(entries.keys().next().value as string);
}

/**
 * The row of the session stored under `key` (the id's hash), or undefined for no such session:
 * from memory when this process has heard every change committed before the call, else read.
 */
export async function personalRowOf(key: string): Promise<PersonalRow | undefined> {
  // Every change committed before this lookup is heard first (another process's logout).
  const mark = await freshMark();
  const now = Date.now();
  const hit = mark === null ? undefined : entries.get(key);
  if (hit && hit.until > now) return hit.row;
  const [row] = await database().query<PersonalRow>(PERSONAL_QUERY, [key]);
  // Kept only if nothing changed while it was read: an older answer must not outlive its change.
  if (row && mark !== null && changeMark() === mark) remember(key, row, now);
  return row;
}

/** The session's own writes to its row (last seen, the end of an idle session), known at once here. */
export function sessionRowWritten(key: string, change: { lastSeenAt: Date } | 'deleted'): void {
  noteChange();
  const entry = entries.get(key);
  if (!entry) return;
  if (change === 'deleted') forgetKey(key);
  else entry.row = { ...entry.row, last_seen_at: change.lastSeenAt };
}

/**
 * A state-changing request of this process was answered: what its session and user hold is read
 * again, whether or not its notifications have come back yet.
 */
export function writeAnswered(key: string): void {
  noteChange();
  const userId = entries.get(key)?.userId;
  forgetKey(key);
  if (userId != null) forgetUser(userId);
}
