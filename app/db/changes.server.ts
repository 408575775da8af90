// The changes the database announces on the channel personal_changes (migrations 0023, 0024,
// 0025: triggers), heard by this process whichever process or script made them. What is kept in
// memory on the strength of them (a session's row, the pages kept for a session, the post lists)
// subscribes here and is used only while this process hears every change: not before it listens,
// and not from a lost listening connection until it listens again (docs/decisions/071, 072, 073).
// Payloads: 's:' and a session key, 'u:' and a user id, 'c:' for published content; 'e:' for an
// email queued (migration 0027: it wakes the senders and changes nothing kept); 'k:' for a change
// to the companies table (migration 0028: it starts the search catalog's rebuild); 'm:' markers are
// this process's own (changesHeard).
import { logger } from '../lib/logger.server';
import { type Database, database, type Listening } from './client.server';

const CHANNEL = 'personal_changes';

/** A change heard (its payload), or null when anything may have changed (listening started or stopped). */
export type ChangeListener = (payload: string | null) => void;

const listeners = new Set<ChangeListener>();
/** Counts every change heard or noted: a read that saw it move keeps nothing. */
let epoch = 0;
/** The database this process listens to, and whether it hears every change now. */
let attached: Database | undefined;
let live = false;
/** The listening of `attached`, once it has started. */
let listening: Listening | undefined;
/** The listening connection answers but a probe's marker did not come back (probe). */
let deaf = false;
/** Counts the listening connection's starts and losses: a probe's answer counts only for its own. */
let listenings = 0;
/** Who waits for this process to listen (changesHeard). */
const liveWaiters: Array<() => void> = [];
/** Who waits for their own marker to come back through the channel (changesHeard). */
const markers = new Map<string, () => void>();
let markerCount = 0;

/** Calls `listener` with every change heard from now on, until the returned function is called. */
export function onDatabaseChange(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(payload: string | null): void {
  epoch += 1;
  for (const listener of listeners) listener(payload);
}

/**
 * A mark to compare before keeping what was read: if it moved meanwhile, something changed; null
 * while this process may miss a change (keep nothing, serve nothing kept then).
 */
export function changeMark(): number | null {
  attachedDatabase();
  return live ? epoch : null;
}

// Catching up (freshMark): another process's change is announced at its commit, but this process
// may not have read the announcement yet when a request that follows it arrives, a moment later,
// on a busy machine. A round trip on the listening connection hands over every notification
// committed before it started. Requests share round trips: one is under way at a time, and a
// request waits for the first that started after it arrived.
/** The pause between two round trips while requests wait for one. */
const TRIP_GAP_MS = 1;
/** Round trips started and the last one finished, by number. */
let tripsStarted = 0;
let tripsDone = 0;
let tripUnderWay = false;
/** Between two round trips (TRIP_GAP_MS). */
let tripPaused = false;
const tripWaiters: Array<{ after: number; resolve: (caughtUp: boolean) => void }> = [];

/** A ticket for `freshMark`: round trips started before it do not count for it. */
export function changesTicket(): number {
  return tripsStarted;
}

function nextTrip(): void {
  if (tripUnderWay || tripPaused || tripWaiters.length === 0) return;
  const trip = listening;
  if (!trip) {
    for (const waiter of tripWaiters.splice(0)) waiter.resolve(false);
    return;
  }
  tripUnderWay = true;
  const number = ++tripsStarted;
  void trip.roundTrip().then((ok) => {
    tripUnderWay = false;
    if (ok) tripsDone = Math.max(tripsDone, number);
    const waiting = tripWaiters.splice(0);
    for (const waiter of waiting) {
      if (waiter.after < number) waiter.resolve(ok);
      else tripWaiters.push(waiter);
    }
    // The next one after a short gap, so that one trip serves the requests of a millisecond rather
    // than one each under load: a round trip costs the database and this process about what a
    // kept answer saves.
    if (tripWaiters.length > 0) {
      tripPaused = true;
      setTimeout(() => {
        tripPaused = false;
        nextTrip();
      }, TRIP_GAP_MS);
    }
  });
}

/**
 * The change mark (changeMark) once this process has heard every change committed before
 * `ticket` was taken (by default, before this call): what a request compares kept things with.
 * Null while it may miss a change.
 */
export async function freshMark(ticket = changesTicket()): Promise<number | null> {
  const mark = changeMark();
  // The embedded database has one process, which hears its own commits as they end.
  if (mark === null || attached?.kind === 'pglite') return mark;
  if (tripsDone <= ticket) {
    const caughtUp = await new Promise<boolean>((resolve) => {
      tripWaiters.push({ after: ticket, resolve });
      nextTrip();
    });
    if (!caughtUp) return null;
  }
  return changeMark();
}

/** Starts listening now (the server, at its start), rather than at the first use. */
export function listenForChanges(): void {
  attachedDatabase();
}

/** A change this process made or applied itself (an answered write, a session touched): reads overlapping it keep nothing. */
export function noteChange(): void {
  epoch += 1;
}

/** For tests: every listener forgets what it kept, as in a process that has just started. */
export function forgetKeptChanges(): void {
  tell(null);
}

/** Who wakes when any process queues an email ('e:'). */
const emailListeners = new Set<() => void>();

/** Calls `listener` whenever any process queues an email (heard on the channel), until unsubscribed. */
export function onEmailQueued(listener: () => void): () => void {
  attachedDatabase();
  emailListeners.add(listener);
  return () => emailListeners.delete(listener);
}

/** Who rebuilds what it holds of the companies table when any process changes it ('k:'). */
const companyListeners = new Set<() => void>();

/**
 * Calls `listener` whenever any process changes the companies table (heard on the channel), and
 * when listening starts again (a change may have been missed meanwhile), until unsubscribed.
 */
export function onCompaniesChanged(listener: () => void): () => void {
  attachedDatabase();
  companyListeners.add(listener);
  return () => companyListeners.delete(listener);
}

function heard(payload: string): void {
  if (payload === 'e:') {
    for (const listener of emailListeners) listener();
    return;
  }
  if (payload === 'k:') {
    for (const listener of companyListeners) listener();
    return;
  }
  if (payload.startsWith('m:')) {
    markers.get(payload)?.();
    markers.delete(payload);
    return;
  }
  tell(payload);
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

/** The open database, listened to (from the first use on, and again after a test opened another one). */
function attachedDatabase(): Database {
  const current = database();
  if (attached !== current) attach(current);
  return current;
}

/** Who looks for what may have changed unheard: the email senders and the search catalog. */
function wakeLookers(): void {
  for (const listener of [...emailListeners, ...companyListeners]) listener();
}

/** How long a probe's marker may take to come back, and the pause before probing a deaf listener again. */
const PROBE_TIMEOUT_MS = 5_000;
const REPROBE_AFTER_MS = 30_000;

/**
 * Checks that the listening connection hears what is committed: a marker sent through the pool
 * must come back on it before this process counts as live. Behind a pooler in transaction mode
 * (PgBouncer) a LISTEN answers but hears nothing: then this process keeps nothing on the strength
 * of announcements, says why in the log, and probes again until the listening hears (issue 32).
 */
async function probe(current: Database, listening: number): Promise<void> {
  const marker = `m:${process.pid}:probe:${++markerCount}`;
  const back = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      markers.delete(marker);
      resolve(false);
    }, PROBE_TIMEOUT_MS);
    timer.unref();
    markers.set(marker, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  try {
    await current.query('SELECT pg_notify($1, $2)', [CHANNEL, marker]);
  } catch {
    // The database is gone or closing: the listening connection will say so itself.
    markers.delete(marker);
    for (const resolve of liveWaiters.splice(0)) resolve();
    return;
  }
  const heardIt = await back;
  // The listening connection was lost (or replaced) meanwhile: its own news counts, not this.
  if (attached !== current || listening !== listenings) return;
  if (heardIt) {
    if (deaf) logger().info({ channel: CHANNEL }, 'the listening connection hears announcements again');
    deaf = false;
    live = true;
    tell(null);
    // An email queued, or a company changed, while nobody listened is looked for now.
    wakeLookers();
  } else {
    if (!deaf)
      logger().error(
        { channel: CHANNEL },
        'the listening connection hears no announcement: DATABASE_LISTEN_URL (or DATABASE_URL) must reach PostgreSQL itself, not a pooler in transaction mode; nothing is kept in memory until it hears',
      );
    deaf = true;
    setTimeout(() => {
      if (attached === current && deaf && listening === listenings) void probe(current, listening);
    }, REPROBE_AFTER_MS).unref();
  }
  for (const resolve of liveWaiters.splice(0)) resolve();
}

function attach(current: Database): void {
  attached = current;
  live = false;
  deaf = false;
  listening = undefined;
  tell(null);
  current
    .listen(CHANNEL, {
      message: heard,
      listening(now) {
        if (attached !== current) return;
        // Whatever changed while nobody listened is unknown: start again from nothing.
        tell(null);
        // Live once a probe's marker has come back (probe), not when the LISTEN answers.
        live = false;
        deaf = false;
        listenings += 1;
        if (now) void probe(current, listenings);
        else for (const resolve of liveWaiters.splice(0)) resolve();
      },
    })
    .then((started) => {
      if (attached === current) listening = started;
      else void started.stop();
    })
    .catch(() => {
      if (attached !== current) return;
      live = false;
      for (const resolve of liveWaiters.splice(0)) resolve();
    });
}
