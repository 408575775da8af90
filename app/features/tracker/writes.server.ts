// The selection tracker's writes (選考管理, issue 17, docs/decisions/035-selection-tracker.md): a
// company put on the student's board, its steps forward and back with their history, and dated
// events. Every function takes the student's id and touches only that student's rows: another
// student's entry or event is not found (404), never changed.
import { sql } from 'drizzle-orm';
import { selectRows, writeRows } from '../../db/client.server';
import { inTransaction, orDb, type DbOrTx } from '../../db/transaction.server';
import type { TrackerCategory, TrackerEventKind, TrackerOutcome, TrackerStatus } from '../../db/enums';
import { AppError } from '../../lib/app-error';
import { tokyoDate } from '../../lib/tokyo-time';
import { recordActivity } from '../badges/record-activity.server';
import { isStepOf } from './steps';

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
    const [inserted] = await writeRows<{ id: number }>(
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
    await writeRows(
      sql`INSERT INTO tracker_steps (entry_id, status, "on") VALUES (${entryId}, 'registered', ${tokyoDate(options.now ?? new Date())})`,
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
    await writeRows(
      sql`UPDATE tracker_entries SET status = ${options.status}, outcome = ${options.outcome}, updated_at = now() WHERE id = ${options.entryId}`,
      tx,
    );
    await writeRows(
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
  /** When it is added: a reminder whose time is already past then is not sent (decision 083). */
  now?: Date;
}): Promise<number> {
  const handle = orDb(options.tx);
  const { event } = options;
  const [row] = await writeRows<{ id: number }>(
    sql`INSERT INTO tracker_events (user_id, company_id, kind, date, time, place, url, memo, date_set_at)
        SELECT ${options.userId}, ${options.companyId}, ${event.kind}, ${event.date}, ${event.time}, ${event.place}, ${event.url}, ${event.memo}, ${options.now ?? new Date()}
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
  await writeRows(sql`DELETE FROM tracker_events WHERE id = ${options.eventId} AND user_id = ${options.userId}`, handle);
}
