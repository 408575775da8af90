import { sql } from 'drizzle-orm';
import { db } from '../../db/client.server';

// Views are counted in memory and written in one statement every few seconds, so a page
// view never waits for a write. A crash loses at most those few seconds of counts.
const FLUSH_INTERVAL_MS = 5_000;

let pending = new Map<number, number>();
let timer: ReturnType<typeof setTimeout> | undefined;

export function recordCompanyView(options: { companyId: number }): void {
  pending.set(options.companyId, (pending.get(options.companyId) ?? 0) + 1);
  if (!timer) {
    timer = setTimeout(() => void flushCompanyViews().catch(() => {}), FLUSH_INTERVAL_MS);
    timer.unref();
  }
}

/** Writes the counted views (also called at shutdown). Days are Japan days. */
export async function flushCompanyViews(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return;
  const batch = pending;
  pending = new Map();
  const ids = [...batch.keys()];
  const counts = ids.map((id) => batch.get(id)!);
  await db().execute(sql`
    INSERT INTO company_view_days (company_id, day, views)
    SELECT v.company_id, (now() AT TIME ZONE 'Asia/Tokyo')::date, v.views
    FROM unnest(${sql.param(ids)}::int[], ${sql.param(counts)}::int[]) AS v(company_id, views)
    JOIN companies c ON c.id = v.company_id
    ON CONFLICT (company_id, day) DO UPDATE SET views = company_view_days.views + EXCLUDED.views`);
}
