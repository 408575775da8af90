// The company catalogue's timers outlive a closed database without an uncaught exception: a change
// heard just before a shutdown (or a test file's end) starts a 1 s wait for changes to pause, and
// the check it then makes must not throw from the timer when the database is gone (seen on CI:
// "The database is not open" as an unhandled error after company-import.test.ts).
import { describe, expect, it } from 'vitest';
import { getCompanyCatalog, refreshCompanyCatalog } from '../../app/features/search/company-catalog.server';
import { createCompany, createReferenceData } from '../factories';
import { openTestDatabase } from '../setup/test-database';

describe('the company catalogue after the database closes', () => {
  it('lets its pending check find no database, and throws nothing from the timer', async () => {
    const test = await openTestDatabase();
    await createReferenceData();
    await createCompany({ name: '株式会社クローズ前' });
    expect((await getCompanyCatalog()).companies.length).toBeGreaterThan(0);
    // A change of this process: the rebuild waits 1 s for changes to pause ...
    refreshCompanyCatalog();
    await test.close();
    // ... and its timer fires with the database closed. An exception thrown there would be an
    // unhandled error, which fails the run.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });
});
