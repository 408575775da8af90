// The reference data every other row points at: the 47 prefectures (JIS X 0401 codes as ids)
// and the industries (ids in INDUSTRIES order from 1). The demo seed writes it first, and the
// test factories (tests/factories.ts) write the same rows, so tests see the site's real names.
import { sql } from 'drizzle-orm';
import { inTransaction, type DbOrTx } from '../../db/transaction.server';
import { industries, prefectures } from '../../db/schema';
import { INDUSTRIES } from './industries';
import { PREFECTURES } from './prefectures';

/**
 * Writes the prefectures and industries that are missing; rows already there are left alone, so
 * calling it again changes nothing. Returns how many rows of each it wrote.
 */
export async function seedReferenceData(options: { tx?: DbOrTx } = {}): Promise<{ prefectures: number; industries: number }> {
  return inTransaction(options.tx, async (tx) => {
    const writtenPrefectures = await tx
      .insert(prefectures)
      .values(PREFECTURES.map((p) => ({ id: p.id, name: p.name, kana: p.kana, region: p.region })))
      .onConflictDoNothing()
      .returning({ id: prefectures.id });
    const writtenIndustries = await tx
      .insert(industries)
      .values(INDUSTRIES.map((industry, index) => ({ id: index + 1, name: industry.name, sortOrder: index + 1 })))
      .onConflictDoNothing()
      .returning({ id: industries.id });
    // The ids are explicit, so the serial sequence must be moved past them, or the next industry
    // inserted without an id would collide with id 1.
    await tx.execute(sql`SELECT setval(pg_get_serial_sequence('industries', 'id'), (SELECT coalesce(max(id), 1) FROM industries))`);
    return { prefectures: writtenPrefectures.length, industries: writtenIndustries.length };
  });
}
