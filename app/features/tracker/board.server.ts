// The selection tracker's reading side (選考管理, issue 17, docs/decisions/035-selection-tracker.md):
// the student's board and events. Every function reads only the given student's rows.
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.server';
import type { TrackerCategory, TrackerEventKind, TrackerOutcome, TrackerStatus } from '../../db/enums';
import { tokyoDate } from '../../lib/tokyo-time';
import { assembleBoard, type Board } from './board';
import type { FeedEvent } from './calendar-feed';

/** A student's events with their companies, by date and time (the board and the feed alike). */
export async function listTrackerEvents(userId: number): Promise<FeedEvent[]> {
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

/** The student's board: companies (most recently changed first, ended ones last) and the next 14 days. */
export async function loadBoard(options: { userId: number; now?: Date }): Promise<Board> {
  const today = tokyoDate(options.now ?? new Date());
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
    listTrackerEvents(options.userId),
  ]);
  return assembleBoard({
    today,
    entries: entries.map((row) => ({
      entryId: Number(row.id),
      companyId: Number(row.company_id),
      companyName: row.name,
      category: row.category,
      status: row.status,
      outcome: row.outcome,
    })),
    steps: steps.map((step) => ({ entryId: Number(step.entry_id), status: step.status, outcome: step.outcome, on: step.on })),
    events,
  });
}
