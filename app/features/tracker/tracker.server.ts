// The selection tracker (選考管理, issue 17, docs/decisions/035-selection-tracker.md): a student's
// companies with their step, the history of steps, dated events, and the private calendar feed.
// Every function takes the student's id and touches only that student's rows: another student's
// entry or event is not found (404), never shown or changed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import { inTransaction, orDb, type DbOrTx } from '../../db/transaction.server';
import type { TrackerCategory, TrackerEventKind, TrackerOutcome, TrackerStatus } from '../../db/enums';
import { AppError } from '../../lib/app-error';
import { loadConfig } from '../../lib/config.server';
import { recordActivity } from '../badges/record-activity.server';
import type { FeedEvent } from './calendar-feed';
import { addDays, tokyoToday } from './dates';
import { isStepOf } from './steps';
import type { CompanyChoice } from '../search/company-choice';

export type TrackerChange = { entryId: number; changed: boolean; newBadgeKindIds: number[] };

/**
 * Registers a company on the student's board as an internship or a screening. Once per company
 * and category: a second or concurrent call finds the entry and changes nothing.
 */
export async function addTrackerEntry(options: {
  tx?: DbOrTx;
  userId: number;
  companyId: number;
  category: TrackerCategory;
  now?: Date;
}): Promise<TrackerChange> {
  return inTransaction(options.tx, async (tx) => {
    const [company] = await selectRows<{ id: number }>(sql`SELECT id FROM companies WHERE id = ${options.companyId}`, tx);
    if (!company) throw new AppError('company_not_found');
    const [inserted] = await selectRows<{ id: number }>(
      sql`INSERT INTO tracker_entries (user_id, company_id, category) VALUES (${options.userId}, ${options.companyId}, ${options.category})
          ON CONFLICT (user_id, company_id, category) DO NOTHING RETURNING id`,
      tx,
    );
    if (!inserted) {
      const [existing] = await selectRows<{ id: number }>(
        sql`SELECT id FROM tracker_entries WHERE user_id = ${options.userId} AND company_id = ${options.companyId} AND category = ${options.category}`,
        tx,
      );
      return { entryId: Number(existing!.id), changed: false, newBadgeKindIds: [] };
    }
    const entryId = Number(inserted.id);
    await selectRows(
      sql`INSERT INTO tracker_steps (entry_id, status, "on") VALUES (${entryId}, 'registered', ${tokyoToday(options.now ?? new Date())})`,
      tx,
    );
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: {
        type: 'tracker_company_registered',
        companyId: options.companyId,
        category: options.category,
        status: 'registered',
        willEnter: false,
      },
    });
    return { entryId, changed: true, newBadgeKindIds };
  });
}

/**
 * Moves an entry to a step (forward or back: a mistaken tap is undone the same way) and sets or
 * clears how it ended (不合格 / 辞退), on the day the student gives. Each change is kept in the
 * history; the badges follow the state reached, so going back and forward again grants nothing new.
 */
export async function setTrackerState(options: {
  tx?: DbOrTx;
  userId: number;
  entryId: number;
  status: TrackerStatus;
  outcome: TrackerOutcome | null;
  on: string;
}): Promise<TrackerChange> {
  return inTransaction(options.tx, async (tx) => {
    const [entry] = await selectRows<{
      company_id: number;
      category: TrackerCategory;
      status: TrackerStatus;
      outcome: TrackerOutcome | null;
      will_enter: boolean;
    }>(
      sql`SELECT company_id, category, status, outcome, will_enter FROM tracker_entries
          WHERE id = ${options.entryId} AND user_id = ${options.userId} FOR UPDATE`,
      tx,
    );
    if (!entry) throw new AppError('tracker_entry_not_found');
    if (!isStepOf(entry.category, options.status)) {
      throw new AppError('validation_failed', {
        detail: `${options.status} is not a ${entry.category} step`,
        fields: { status: 'この選考にはない段階です。' },
      });
    }
    if (entry.status === options.status && entry.outcome === options.outcome) {
      return { entryId: options.entryId, changed: false, newBadgeKindIds: [] };
    }
    await selectRows(
      sql`UPDATE tracker_entries SET status = ${options.status}, outcome = ${options.outcome}, updated_at = now() WHERE id = ${options.entryId}`,
      tx,
    );
    await selectRows(
      sql`INSERT INTO tracker_steps (entry_id, status, outcome, "on") VALUES (${options.entryId}, ${options.status}, ${options.outcome}, ${options.on})`,
      tx,
    );
    const newBadgeKindIds = await recordActivity({
      tx,
      userId: options.userId,
      activity: {
        type: 'tracker_status_updated',
        companyId: Number(entry.company_id),
        category: entry.category,
        status: options.status,
        willEnter: entry.will_enter,
      },
    });
    return { entryId: options.entryId, changed: true, newBadgeKindIds };
  });
}

export type TrackerEventInput = {
  kind: TrackerEventKind;
  date: string;
  time: string | null;
  place: string;
  url: string;
  memo: string;
};

/** Adds a dated event to a company on the student's board (the company must be on it). */
export async function addTrackerEvent(options: {
  tx?: DbOrTx;
  userId: number;
  companyId: number;
  event: TrackerEventInput;
}): Promise<number> {
  const handle = orDb(options.tx);
  const { event } = options;
  const [row] = await selectRows<{ id: number }>(
    sql`INSERT INTO tracker_events (user_id, company_id, kind, date, time, place, url, memo)
        SELECT ${options.userId}, ${options.companyId}, ${event.kind}, ${event.date}, ${event.time}, ${event.place}, ${event.url}, ${event.memo}
        WHERE EXISTS (SELECT 1 FROM tracker_entries WHERE user_id = ${options.userId} AND company_id = ${options.companyId})
        RETURNING id`,
    handle,
  );
  if (!row) throw new AppError('tracker_entry_not_found');
  return Number(row.id);
}

/** Deletes one of the student's events; deleting it twice is fine, someone else's is not found. */
export async function deleteTrackerEvent(options: { tx?: DbOrTx; userId: number; eventId: number }): Promise<void> {
  const handle = orDb(options.tx);
  const [row] = await selectRows<{ user_id: number }>(sql`SELECT user_id FROM tracker_events WHERE id = ${options.eventId}`, handle);
  if (row && Number(row.user_id) !== options.userId) throw new AppError('tracker_event_not_found');
  await selectRows(sql`DELETE FROM tracker_events WHERE id = ${options.eventId} AND user_id = ${options.userId}`, handle);
}

/** A student's events with their companies, by date and time (the board and the feed alike). */
async function eventsOf(userId: number): Promise<FeedEvent[]> {
  const rows = await selectRows<{
    id: number;
    kind: TrackerEventKind;
    company_id: number;
    name: string;
    date: string;
    time: string | null;
    place: string;
    url: string;
    memo: string;
    updated_at: Date | string;
  }>(
    sql`SELECT e.id, e.kind, e.company_id, c.name, to_char(e.date, 'YYYY-MM-DD') AS date, e.time, e.place, e.url, e.memo, e.updated_at
        FROM tracker_events e JOIN companies c ON c.id = e.company_id WHERE e.user_id = ${userId}
        ORDER BY e.date, e.time NULLS FIRST, e.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    companyId: Number(row.company_id),
    companyName: row.name,
    date: row.date,
    time: row.time,
    place: row.place,
    url: row.url,
    memo: row.memo,
    updatedAt: new Date(row.updated_at),
  }));
}

export type BoardStep = { status: TrackerStatus; outcome: TrackerOutcome | null; on: string };
export type BoardEntry = {
  entryId: number;
  category: TrackerCategory;
  status: TrackerStatus;
  outcome: TrackerOutcome | null;
  /** Oldest first. */
  history: BoardStep[];
};
export type BoardEvent = FeedEvent;
export type BoardCompany = {
  companyId: number;
  name: string;
  entries: BoardEntry[];
  /** Every event of the company, soonest first (past ones kept). */
  events: BoardEvent[];
  /** Ended in every category: shown muted, after the others. */
  ended: boolean;
};
export type Board = { today: string; companies: BoardCompany[]; upcoming: BoardEvent[] };

/** The student's board: companies (most recently changed first, ended ones last) and the next 14 days. */
export async function loadBoard(options: { userId: number; now?: Date }): Promise<Board> {
  const today = tokyoToday(options.now ?? new Date());
  const [entries, steps, events] = await Promise.all([
    selectRows<{
      id: number;
      company_id: number;
      name: string;
      category: TrackerCategory;
      status: TrackerStatus;
      outcome: TrackerOutcome | null;
    }>(
      sql`SELECT t.id, t.company_id, c.name, t.category, t.status, t.outcome FROM tracker_entries t JOIN companies c ON c.id = t.company_id
          WHERE t.user_id = ${options.userId} ORDER BY t.updated_at DESC, t.id DESC`,
    ),
    selectRows<{ entry_id: number; status: TrackerStatus; outcome: TrackerOutcome | null; on: string }>(
      sql`SELECT s.entry_id, s.status, s.outcome, to_char(s."on", 'YYYY-MM-DD') AS "on" FROM tracker_steps s
          JOIN tracker_entries t ON t.id = s.entry_id WHERE t.user_id = ${options.userId} ORDER BY s.entry_id, s."on", s.id`,
    ),
    eventsOf(options.userId),
  ]);
  const historyOf = new Map<number, BoardStep[]>();
  for (const step of steps) {
    const list = historyOf.get(Number(step.entry_id)) ?? [];
    list.push({ status: step.status, outcome: step.outcome, on: step.on });
    historyOf.set(Number(step.entry_id), list);
  }
  const boardEvents: BoardEvent[] = events;
  const byCompany = new Map<number, BoardCompany>();
  for (const row of entries) {
    const companyId = Number(row.company_id);
    const company = byCompany.get(companyId) ?? { companyId, name: row.name, entries: [], events: [], ended: false };
    company.entries.push({
      entryId: Number(row.id),
      category: row.category,
      status: row.status,
      outcome: row.outcome,
      history: historyOf.get(Number(row.id)) ?? [],
    });
    byCompany.set(companyId, company);
  }
  for (const event of boardEvents) byCompany.get(event.companyId)?.events.push(event);
  const companies = [...byCompany.values()].map((company) => ({
    ...company,
    entries: company.entries.sort((a, b) => (a.category === b.category ? 0 : a.category === 'intern' ? -1 : 1)),
    ended: company.entries.every((entry) => entry.outcome !== null),
  }));
  // Ended companies after the others, each group keeping its order.
  companies.sort((a, b) => Number(a.ended) - Number(b.ended));
  const last = addDays(today, 13);
  const upcoming = boardEvents.filter((event) => event.date >= today && event.date <= last);
  return { today, companies, upcoming };
}

// The calendar feed's secret URL (decision 035): /calendar/{user}-{version}-{mac}.ics, the mac an
// HMAC of the user and the version under the server's secret. Nothing secret is stored: the board
// can show the URL at any time, and renewing counts the version up, which stops the old one.
const FEED_PATH = /^(\d{1,9})-(\d{1,9})-([A-Za-z0-9_-]{32})\.ics$/;

function feedMac(userId: number, version: number): string {
  return createHmac('sha256', loadConfig().sessionSecret).update(`tracker-feed:${userId}:${version}`).digest('base64url').slice(0, 32);
}

/** The feed's path for the student's current version. */
export async function calendarFeedPath(options: { userId: number }): Promise<string> {
  const [row] = await selectRows<{ v: number }>(sql`SELECT calendar_feed_version AS v FROM users WHERE id = ${options.userId}`);
  const version = Number(row?.v ?? 1);
  return `/calendar/${options.userId}-${version}-${feedMac(options.userId, version)}.ics`;
}

/** A new URL for the feed: the old one stops at once. */
export async function renewCalendarFeed(options: { userId: number }): Promise<void> {
  await selectRows(sql`UPDATE users SET calendar_feed_version = calendar_feed_version + 1 WHERE id = ${options.userId}`);
}

/** The events of the feed named by the last part of its URL, or null when it is not a current one. */
export async function readCalendarFeed(name: string): Promise<FeedEvent[] | null> {
  const match = FEED_PATH.exec(name);
  if (!match) return null;
  const userId = Number(match[1]);
  const version = Number(match[2]);
  const expected = Buffer.from(feedMac(userId, version));
  const given = Buffer.from(match[3]!);
  if (!timingSafeEqual(expected, given)) return null;
  const [user] = await selectRows<{ v: number }>(
    sql`SELECT calendar_feed_version AS v FROM users WHERE id = ${userId} AND role = 'student'`,
  );
  if (!user || Number(user.v) !== version) return null;
  return eventsOf(userId);
}

/** The student's favorites that are not on the board yet, as one-tap choices (newest first). */
export async function listFavoriteChoices(options: { userId: number; limit?: number }): Promise<CompanyChoice[]> {
  const rows = await selectRows<{ company_id: number; name: string; prefecture_name: string }>(
    sql`SELECT c.id AS company_id, c.name, pr.name AS prefecture_name FROM favorites f
        JOIN companies c ON c.id = f.company_id JOIN prefectures pr ON pr.id = c.prefecture_id
        WHERE f.user_id = ${options.userId}
          AND NOT EXISTS (SELECT 1 FROM tracker_entries t WHERE t.user_id = f.user_id AND t.company_id = f.company_id)
        ORDER BY f.created_at DESC, c.id DESC LIMIT ${options.limit ?? 8}`,
  );
  return rows.map((row) => ({
    companyId: Number(row.company_id),
    name: row.name,
    prefectureName: row.prefecture_name,
    source: 'favorite',
  }));
}
