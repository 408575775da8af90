// The company search catalog rebuilt from the previous build (docs/decisions/081): the keys,
// rows and orders carried over from it for unchanged companies must give exactly what a build
// from nothing gives, after companies are added, renamed, re-read, given posts and closed.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, selectRows } from '../../app/db/client.server';
import {
  type CompanyCatalog,
  getCompanyCatalog,
  matchPositions,
  refreshCompanyCatalog,
  resetCompanyCatalog,
} from '../../app/features/search/company-catalog.server';
import { normalizeSearchText } from '../../app/features/search/normalize';
import { createCompany } from '../factories';
import { setUpTestDatabase } from '../setup/test-database';

setUpTestDatabase();

const READINGS = ['アオバ', 'サクラ', 'サクラショウジ', '', 'ヴィーナス', 'トウワ', 'アオバ', 'ミライ'];

/** What a search user sees of a catalog: each order's companies and every company's ranks and keys. */
function shape(catalog: CompanyCatalog) {
  const ids = (list: readonly { id: number }[]) => list.map((company) => company.id);
  return {
    posts: ids(catalog.orders.posts),
    rating: ids(catalog.orders.rating),
    kana: ids(catalog.orders.kana),
    ranks: Object.fromEntries(Object.entries(catalog.ranks).map(([order, ranks]) => [order, Array.from(ranks)])),
    keys: catalog.keys,
    idOrder: Array.from(catalog.idOrder, (position) => catalog.companies[position]!.id),
    rows: catalog.companies.map((company) => ({ ...company })),
    total: catalog.publishedPostTotal,
    found: ['さくら', 'アオバ', 'sakura', 'テスト', 'ヴィ', '株式会社'].map((query) =>
      matchPositions(catalog, normalizeSearchText(query), 50).map((position) => catalog.companies[position]!.id),
    ),
  };
}

/** The catalog rebuilt from the one in memory, once this process has rebuilt it. */
async function rebuilt(): Promise<CompanyCatalog> {
  refreshCompanyCatalog();
  for (;;) {
    const catalog = await getCompanyCatalog();
    if (catalog.version !== '') return catalog;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the company search catalog, rebuilt from its previous build', () => {
  beforeAll(async () => {
    for (let n = 0; n < 60; n++) await createCompany({ name: `株式会社テスト${n}`, kana: READINGS[n % READINGS.length]! });
  });

  it('equals a build from nothing after companies are added, renamed, re-read, given posts and closed', async () => {
    resetCompanyCatalog();
    await getCompanyCatalog();
    for (let n = 0; n < 25; n++) await createCompany({ name: `株式会社サクラ新${n}`, kana: READINGS[(n * 3) % READINGS.length]! });
    await db().execute(sql`UPDATE companies SET kana = 'アアア' WHERE id IN (SELECT id FROM companies ORDER BY id LIMIT 3)`);
    await db().execute(sql`UPDATE companies SET name = name || '東日本' WHERE id IN (SELECT id FROM companies ORDER BY id DESC LIMIT 4)`);
    await db().execute(
      sql`UPDATE companies SET published_post_count = id % 4, intern_rating_average = CASE WHEN id % 3 = 0 THEN 3.5 END, intern_report_count = id % 3 WHERE id % 5 = 0`,
    );
    await db().execute(sql`UPDATE companies SET closed_at = now() WHERE id IN (SELECT id FROM companies ORDER BY id LIMIT 1 OFFSET 10)`);
    const carried = shape(await rebuilt());
    resetCompanyCatalog();
    const fresh = shape(await getCompanyCatalog());
    expect(carried).toEqual(fresh);
    // And the same again with nothing changed: every company carried over.
    expect(shape(await rebuilt())).toEqual(fresh);
  });

  it('holds the last of a stream of changes among thousands of companies', async () => {
    const [some] = await selectRows<{ industry: number; prefecture: number }>(
      sql`SELECT industry_id AS industry, prefecture_id AS prefecture FROM companies LIMIT 1`,
    );
    const { industry, prefecture } = some!;
    await db().execute(
      sql`INSERT INTO companies (name, kana, industry_id, prefecture_id) SELECT '株式会社大量' || n, 'タイリョウ', ${industry}, ${prefecture} FROM generate_series(1, 20000) AS n`,
    );
    resetCompanyCatalog();
    await getCompanyCatalog();
    // Changes one after another while the rebuilds they start run: the last one is in the end.
    for (let n = 0; n < 5; n++) {
      await createCompany({ name: `株式会社途中${n}`, kana: 'トチュウ' });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    let catalog = await getCompanyCatalog();
    const deadline = Date.now() + 10_000;
    while (!catalog.companies.some((company) => company.name === '株式会社途中4') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      catalog = await getCompanyCatalog();
    }
    const carried = shape(catalog);
    resetCompanyCatalog();
    expect(carried).toEqual(shape(await getCompanyCatalog()));
  });
});
