// Steps of the browser tests around companies and the selection board (/mypage/selections).
import type { Page } from '@playwright/test';
import { type Device, hydrated, press } from './e2e-devices';

/** The `n`th company the search call finds for `query` (the header's and the board's search). */
export async function companyFound(page: Page, query: string, n = 0): Promise<{ id: number; name: string }> {
  const response = await page.request.get(`/api/company?source=incremental&company_name=${encodeURIComponent(query)}`);
  const { companies } = (await response.json()) as { companies: Array<{ company_id: number; name: string }> };
  return { id: companies[n]!.company_id, name: companies[n]!.name };
}

/**
 * On the board: types `query` into 企業を検索, chooses the first company found and ticks
 * インターン, as a student does before 選考管理に追加する. Answers the chosen company.
 */
export async function chooseInternshipOnBoard(page: Page, device: Device, query: string): Promise<{ id: number; name: string }> {
  const search = page.getByLabel('企業を検索');
  await hydrated(search);
  const target = await companyFound(page, query);
  await search.fill(query);
  await press(page.getByRole('button', { name: new RegExp(target.name) }).first(), device);
  await page.getByRole('radio', { name: 'インターン', exact: true }).check();
  return target;
}
