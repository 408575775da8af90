// The selection tracker's board (選考管理, issue 17, docs/decisions/035-selection-tracker.md) put
// together from the student's rows: pure, so that its order and its next 14 days are tested
// without a database (board.server.ts reads the rows).
import type { TrackerCategory, TrackerOutcome, TrackerStatus } from '../../db/enums';
import { addDays } from '../../lib/tokyo-time';
import type { FeedEvent } from './calendar-feed';

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

/** An entry on the board, most recently changed first. */
export type BoardEntryRow = {
  entryId: number;
  companyId: number;
  companyName: string;
  category: TrackerCategory;
  status: TrackerStatus;
  outcome: TrackerOutcome | null;
};
/** A step of an entry's history, by entry, then oldest first. */
export type BoardStepRow = BoardStep & { entryId: number };

/**
 * The board: companies in the order of their most recently changed entry (ended ones last, each
 * group keeping its order), an internship before a screening, each company with its events; and
 * the events of the 14 days from `today` (events come soonest first).
 */
export function assembleBoard(options: { today: string; entries: BoardEntryRow[]; steps: BoardStepRow[]; events: BoardEvent[] }): Board {
  const { today } = options;
  const historyOf = new Map<number, BoardStep[]>();
  for (const step of options.steps) {
    const list = historyOf.get(step.entryId) ?? [];
    list.push({ status: step.status, outcome: step.outcome, on: step.on });
    historyOf.set(step.entryId, list);
  }
  const byCompany = new Map<number, BoardCompany>();
  for (const row of options.entries) {
    const company = byCompany.get(row.companyId) ?? {
      companyId: row.companyId,
      name: row.companyName,
      entries: [],
      events: [],
      ended: false,
    };
    company.entries.push({
      entryId: row.entryId,
      category: row.category,
      status: row.status,
      outcome: row.outcome,
      history: historyOf.get(row.entryId) ?? [],
    });
    byCompany.set(row.companyId, company);
  }
  for (const event of options.events) byCompany.get(event.companyId)?.events.push(event);
  const companies = [...byCompany.values()].map((company) => ({
    ...company,
    entries: company.entries.sort((a, b) => (a.category === b.category ? 0 : a.category === 'intern' ? -1 : 1)),
    ended: company.entries.every((entry) => entry.outcome !== null),
  }));
  // Ended companies after the others, each group keeping its order.
  companies.sort((a, b) => Number(a.ended) - Number(b.ended));
  const last = addDays(today, 13);
  const upcoming = options.events.filter((event) => event.date >= today && event.date <= last);
  return { today, companies, upcoming };
}
