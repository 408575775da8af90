// Re-evaluates every student's badges from the stored data and grants what is missing
// (docs/decisions/011-badges.md). Safe to run again; it never removes a badge.
//   npx tsx scripts/badges-backfill.ts                    (PGlite in DATA_DIR, default ./data;
//                                                          stop the server first: one process per data dir)
//   DATABASE_URL=postgres://… npx tsx scripts/badges-backfill.ts   (while the site runs)
//   … --silent   grants without announcing them in the popup
import { runOnServerDatabase } from './database';
import { backfillBadges } from '../app/features/badges/backfill-badges.server';

const started = Date.now();
const markDisplayed = process.argv.includes('--silent');

await runOnServerDatabase(async () => {
  const summary = await backfillBadges({ markDisplayed });
  const kinds = Object.entries(summary.byBadgeKind)
    .map(([id, count]) => `${id}×${count}`)
    .join(' ');
  console.log(
    `Badge backfill: ${summary.students} students re-evaluated, ${summary.granted} badges granted` +
      `${kinds ? ` (${kinds})` : ''}${markDisplayed ? ', marked as shown' : ''} ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
