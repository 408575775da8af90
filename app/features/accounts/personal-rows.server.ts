// A session's row as the personal call reads it (the session, its user, a student's favorites,
// clips, votes and tracker entries), kept in this process's memory while nothing it holds has
// changed (docs/decisions/071-personal-rows-in-memory.md). The database announces every change to
// them on the channel personal_changes (migration 0023, triggers), whichever process or script
// made it: an entry goes as soon as its change is heard, and none is used while this process may
// miss one (before it listens, after its listening connection is lost, until it listens again).
// A write of this process ends the entries of its session and user when its request is answered,
// before its notification may have come back: the student's next call reads what was committed.
import { type Database, database } from '../../db/client.server';
import type { UserRole } from '../../db/enums';
import { forMs, registerCache } from '../../lib/caches.server';

const CHANNEL = 'personal_changes';

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
};

/** A bound on what one missed notification could leave behind: an entry is read again after this. */
const MAX_AGE_MS = 5 * 60_000;
const MAX_ENTRIES = 50_000;

type Entry = { row: PersonalRow; userId: number | null; until: number };

const entries = new Map<string, Entry>();
/** The session keys of each user's entries. */
const keysOfUser = new Map<number, Set<string>>();
/** Counts every change heard and every write answered: a read that saw it move keeps nothing. */
let epoch = 0;
/** The database this process listens to, and whether it hears every change now. */
let attached: Database | undefined;
let live = false;
/** Who waits for this process to listen (changesHeard). */
const liveWaiters: Array<() => void> = [];

registerCache({
  name: 'personal rows',
  holds: "a session's row of personal_parts(): the session, its user, a student's favorites, clips, votes and tracker entries",
  feeds: 'every session lookup (findSession) and the personal call of the shared pages',
  lifetime: `until the database announces a change to it (channel ${CHANNEL}), at most ${forMs(MAX_AGE_MS)}`,
  invalidatedBy:
    "the triggers of migration 0023 (sessions, users, favorites, clips, useful_votes, tracker_entries), heard by every process; this process's own writes when their request is answered; all of it when the listening connection is lost",
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

/**
 * A mark to compare before keeping what was read: if it moved meanwhile, something changed, and
 * null while this process may miss a change (keep nothing then).
 */
export function changeMark(): number | null {
  attachedDatabase();
  return live ? epoch : null;
}

function forgetAll(): void {
  epoch += 1;
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

/** Who waits for their own marker to come back through the channel (changesHeard). */
const markers = new Map<string, () => void>();
let markerCount = 0;

function heard(payload: string): void {
  if (payload.startsWith('m:')) {
    markers.get(payload)?.();
    markers.delete(payload);
    return;
  }
  epoch += 1;
  if (payload.startsWith('s:')) forgetKey(payload.slice(2));
  else if (payload.startsWith('u:')) forgetUser(Number(payload.slice(2)));
  else forgetAll();
}

/**
 * Resolves when this process has heard every change committed before the call, by any process
 * (notifications come in commit order: a marker sent now comes back after them). For tests of
 * changes made outside a request; false when this process is not listening.
 */
export async function changesHeard(): Promise<boolean> {
  const current = attachedDatabase();
  if (!live) await new Promise<void>((resolve) => liveWaiters.push(resolve));
  if (!live || attached !== current) return false;
  const marker = `m:${process.pid}:${++markerCount}`;
  const back = new Promise<void>((resolve) => markers.set(marker, resolve));
  await current.query('SELECT pg_notify($1, $2)', [CHANNEL, marker]);
  await back;
  return true;
}

/** For tests: forget every row, as a process that has just started. */
export function forgetPersonalRows(): void {
  forgetAll();
}

/** The open database, listened to (from the first use on, and again after a test opened another one). */
function attachedDatabase(): Database {
  const current = database();
  if (attached !== current) attach(current);
  return current;
}

/** Starts listening to `current`. */
function attach(current: Database): void {
  attached = current;
  live = false;
  forgetAll();
  current
    .listen(CHANNEL, {
      message: heard,
      listening(now) {
        if (attached !== current) return;
        // Whatever changed while nobody listened is unknown: start again from nothing.
        forgetAll();
        live = now;
        for (const resolve of liveWaiters.splice(0)) resolve();
      },
    })
    .catch(() => {
      if (attached !== current) return;
      live = false;
      for (const resolve of liveWaiters.splice(0)) resolve();
    });
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
 * from memory when this process hears every change, else read.
 */
export async function personalRowOf(key: string): Promise<PersonalRow | undefined> {
  const current = attachedDatabase();
  const now = Date.now();
  const hit = live ? entries.get(key) : undefined;
  if (hit && hit.until > now) return hit.row;
  const started = epoch;
  const [row] = await current.query<PersonalRow>(PERSONAL_QUERY, [key]);
  // Kept only if nothing changed while it was read: an older answer must not outlive its change.
  if (row && live && epoch === started && attached === current) remember(key, row, now);
  return row;
}

/** The session's own writes to its row (last seen, the end of an idle session), known at once here. */
export function sessionRowWritten(key: string, change: { lastSeenAt: Date } | 'deleted'): void {
  epoch += 1;
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
  epoch += 1;
  const userId = entries.get(key)?.userId;
  forgetKey(key);
  if (userId != null) forgetUser(userId);
}
