import { sql } from 'drizzle-orm';
import { writeRows } from '../../db/client.server';
import { failureLog } from '../../lib/failure-log.server';
import { TOKYO_TIME_ZONE } from '../../lib/tokyo-time';

// Views are counted in memory and written in one statement every few seconds, so a page
// view never waits for a write. A crash loses at most those few seconds of counts.
const FLUSH_INTERVAL_MS = 5_000;

let pending = new Map<number, number>();
let timer: ReturnType<typeof setTimeout> | undefined;

const notRecorded = failureLog({
  level: 'error',
  failed: 'company views not recorded; kept in memory and tried again every 5 s',
  recovered: 'company views recorded again',
});

/** Views counted but not yet written. */
export function unrecordedCompanyViews(): number {
  let views = 0;
  for (const count of pending.values()) views += count;
  return views;
}

function scheduleFlush(): void {
  if (timer) return;
  timer = setTimeout(() => {
    flushCompanyViews().then(
      () => notRecorded.succeeded(),
      (error: unknown) => {
        notRecorded.failed(error, { views: unrecordedCompanyViews() });
        scheduleFlush();
      },
    );
  }, FLUSH_INTERVAL_MS);
  timer.unref();
}

export function recordCompanyView(options: { companyId: number }): void {
  pending.set(options.companyId, (pending.get(options.companyId) ?? 0) + 1);
  scheduleFlush();
}

/**
 * Writes the counted views (also called at shutdown). Days are Japan days. When the write fails
 * the views go back to the count, for the next flush, and the error is the caller's to log.
 */
export async function flushCompanyViews(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return;
  const batch = pending;
  pending = new Map();
  const ids = [...batch.keys()];
  const counts = ids.map((id) => batch.get(id)!);
  try {
    await writeRows(sql`
      INSERT INTO company_view_days (company_id, day, views)
      SELECT v.company_id, (now() AT TIME ZONE ${TOKYO_TIME_ZONE})::date, v.views
      FROM unnest(${sql.param(ids)}::int[], ${sql.param(counts)}::int[]) AS v(company_id, views)
      JOIN companies c ON c.id = v.company_id
      ON CONFLICT (company_id, day) DO UPDATE SET views = company_view_days.views + EXCLUDED.views`);
  } catch (error) {
    // One statement: nothing of the batch was written.
    for (const [id, count] of batch) pending.set(id, (pending.get(id) ?? 0) + count);
    throw error;
  }
}
