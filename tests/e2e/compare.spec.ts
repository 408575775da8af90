// The company comparison page (docs/product/pages.md#comparison-page; issue 6) in a real browser against the
// demo data. Companies are picked from what the site itself shows, never hard-coded ids.
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { CHART_ITEMS } from '../../app/features/companies/rating-items';
import { SUGGEST_DEBOUNCE_MS } from '../../app/features/search/suggestions-client';
import { rendered } from '../support/e2e-devices';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ERROR_TEXT = 'エラーが発生しました。ページを再読み込みするか、しばらく時間をおいてから再度お試しください。';
const NO_MATCH_TEXT = '該当する企業が見つかりませんでした。';
const CHART_LABELS = CHART_ITEMS.map((item) => item.label);

type Pair = { base: number; target: number; targetName: string };

let pair: Pair | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function seasonCount(html: string): number {
  return (html.match(/<option value="\d{4}_(?:summer|winter)"/g) ?? []).length;
}

/**
 * A base company with intern reports in at least three year/seasons, and a related company
 * (from the page's own list) with reports in at least three as well.
 */
async function findPair(request: APIRequestContext): Promise<Pair> {
  if (pair) return pair;
  const list = await (await request.get('/companies?sort=posts')).text();
  const candidates = [...new Set([...list.matchAll(/href="\/companies\/(\d+)"/g)].map((m) => Number(m[1])))];
  for (const base of candidates) {
    const html = await (await request.get(`/companies/${base}/intern/compare`)).text();
    if (seasonCount(html) < 3) continue;
    const related = [...html.matchAll(new RegExp(`href="/companies/${base}/intern/compare/(\\d+)"`, 'g'))].map((m) => Number(m[1]));
    for (const target of related) {
      const pageHtml = await (await request.get(`/companies/${base}/intern/compare/${target}`)).text();
      if (seasonCount(pageHtml) < 3) continue;
      const targetName = /<title>([^<]*)<\/title>/.exec(pageHtml)?.[1]?.match(/と(.+)のインターン評価を比較/)?.[1];
      if (!targetName) continue;
      pair = { base, target, targetName };
      return pair;
    }
  }
  throw new Error('no pair of companies with enough intern experiences in the demo data');
}

/** Waits until Chart.js has drawn the chart (the loading note is gone). */
async function waitForChart(page: Page) {
  await expect(page.locator('#js-compare-chart canvas')).toBeVisible();
  await expect(page.locator('#js-compare-chart p')).toHaveCount(0);
}

type ChartSnapshot = { labels: string[]; datasets: Array<{ label: string; data: number[] }> };

/**
 * The chart's current data, read from Chart.js itself: the page's own Chart.js chunk (the same
 * module instance, since modules are cached by URL) finds the chart of the canvas.
 */
async function chartData(page: Page): Promise<ChartSnapshot> {
  return page.evaluate(async () => {
    const url = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => /\/assets\/chart-[\w-]+\.js$/.test(name));
    if (!url) throw new Error('the Chart.js chunk was not loaded');
    const { Chart } = (await import(url)) as typeof import('chart.js');
    const chart = Chart.getChart(document.querySelector<HTMLCanvasElement>('#js-compare-chart canvas')!);
    if (!chart) throw new Error('no chart on the canvas');
    return {
      labels: chart.data.labels as string[],
      datasets: chart.data.datasets.map((set) => ({ label: String(set.label), data: set.data as number[] })),
    };
  });
}

/** The table's cells as text: { 総合評価: ['4.0', '3.5'], ... } (base, target). */
async function tableCells(page: Page): Promise<Record<string, string[]>> {
  return page
    .locator('#js-compare-table tbody tr')
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((row) => [
          row.querySelector('th')!.textContent!.trim(),
          [...row.querySelectorAll('td')].map((cell) => cell.querySelector('span')!.textContent!.trim()),
        ]),
      ),
    );
}

function expectChartMatchesTable(chart: ChartSnapshot, cells: Record<string, string[]>) {
  const [base, target] = chart.datasets;
  CHART_LABELS.forEach((label, index) => {
    const [baseCell, targetCell] = cells[label]!;
    expect(base!.data[index]).toBe(baseCell === '--' ? 0 : Number(baseCell));
    expect(target!.data[index]).toBe(targetCell === '--' ? 0 : Number(targetCell));
    // The axis label carries the target's value, or -- where it has none.
    expect(chart.labels[index]).toBe(`${label} ${targetCell}`);
  });
}

function apiCompanyRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/company') seen.push(request);
  });
  return seen;
}

test.describe('the comparison page', () => {
  test('is server-rendered: the table and labels read before any script runs', async ({ browser, request }) => {
    const { base, target, targetName } = await findPair(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`/companies/${base}/intern/compare/${target}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`${escapeRegExp(targetName)}のインターン評価を比較 \\| シューログ`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(targetName);
    await expect(page.getByLabel('対象の時期')).toHaveValue(/^\d{4}_(summer|winter)$/);
    await expect(page.getByLabel('対象の時期').locator('option').first()).toHaveText(/^\d{4}年 [夏冬]$/);
    const table = page.locator('#js-compare-table');
    await expect(table.locator('thead th').nth(2)).toContainText(targetName);
    await expect(table.locator('tbody th')).toHaveText(['総合評価', ...CHART_LABELS]);
    await expect(table.locator('thead')).toContainText(/体験記 \d+件/);
    // The chart's box already has its final height, so nothing moves when Chart.js arrives.
    expect((await page.locator('#js-compare-chart').boundingBox())?.height).toBe(230);
    await context.close();
  });

  test('draws both companies on a 0-5 radar and switches year/season for chart and table', async ({ page, request }) => {
    const { base, target } = await findPair(request);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(`/companies/${base}/intern/compare/${target}`);
    await waitForChart(page);

    const scale = await page.evaluate(async () => {
      const url = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => /\/assets\/chart-[\w-]+\.js$/.test(n))!;
      const { Chart } = (await import(url)) as typeof import('chart.js');
      const chart = Chart.getChart(document.querySelector<HTMLCanvasElement>('#js-compare-chart canvas')!)!;
      const r = chart.scales.r!;
      return { type: (chart.config as { type?: string }).type, min: r.min, max: r.max, ticks: r.ticks.map((tick) => tick.value) };
    });
    expect(scale).toEqual({ type: 'radar', min: 0, max: 5, ticks: [0, 1, 2, 3, 4, 5] });

    const before = await chartData(page);
    expect(before.datasets).toHaveLength(2);
    expectChartMatchesTable(before, await tableCells(page));

    const select = page.getByLabel('対象の時期');
    const values = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const current = await select.inputValue();
    // The default is the newest year/season with data for the base company, so the first option
    // or a later one; pick another one.
    const other = values.find((value) => value !== current)!;
    const beforeCells = await tableCells(page);
    await select.selectOption(other);
    await expect(page.getByRole('heading', { name: /の評価チャート$/ })).toContainText(
      (await select.locator(`option[value="${other}"]`).textContent())!,
    );
    const afterCells = await tableCells(page);
    const after = await chartData(page);
    expectChartMatchesTable(after, afterCells);
    expect(afterCells).not.toEqual(beforeCells);
    expect(after.datasets).not.toEqual(before.datasets);
    expect(errors).toEqual([]);
  });

  test('an option without a valid year/season or without data changes nothing', async ({ page, request }) => {
    const { base, target } = await findPair(request);
    await page.goto(`/companies/${base}/intern/compare/${target}`);
    await waitForChart(page);
    const select = page.getByLabel('対象の時期');
    const current = await select.inputValue();
    const chart = await chartData(page);
    const cells = await tableCells(page);
    const heading = await page.getByRole('heading', { name: /の評価チャート$/ }).textContent();

    // Options the page never offers: a bad season, a bad year, a valid year/season without data.
    await select.evaluate((element) => {
      for (const value of ['2024_spring', '24_summer', 'abcd_winter', '1999_summer']) {
        element.append(new Option(`test ${value}`, value));
      }
    });
    for (const value of ['2024_spring', '24_summer', 'abcd_winter', '1999_summer']) {
      await select.selectOption(value);
      // The change was handled (the select shows the period again) and drawn: nothing else moved.
      await expect(select).toHaveValue(current);
      await rendered(page);
      expect(await chartData(page)).toEqual(chart);
      expect(await tableCells(page)).toEqual(cells);
      await expect(page.getByRole('heading', { name: /の評価チャート$/ })).toHaveText(heading!);
    }
  });

  test('the chart is 240 px high for an iPhone and 230 px on a desktop', async ({ browser, page, request }) => {
    const { base, target } = await findPair(request);
    const path = `/companies/${base}/intern/compare/${target}`;
    await page.goto(path);
    await waitForChart(page);
    expect((await page.locator('#js-compare-chart').boundingBox())?.height).toBe(230);
    expect((await page.locator('#js-compare-chart canvas').boundingBox())?.height).toBe(230);

    const phone = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(path);
    await waitForChart(phonePage);
    expect((await phonePage.locator('#js-compare-chart').boundingBox())?.height).toBe(240);
    expect((await phonePage.locator('#js-compare-chart canvas').boundingBox())?.height).toBe(240);
    // Decided by the server, so the HTML already says so, right after a desktop asked for the same
    // URL (no cache mixes the two up); and the page fits a 375 px screen.
    const phoneResponse = await request.get(path, { headers: { 'User-Agent': IPHONE_UA } });
    expect(await phoneResponse.text()).toMatch(/id="js-compare-chart"[^>]*style="height:240px"/);
    expect(phoneResponse.headers().vary).toContain('User-Agent');
    const desktopHtml = await (await request.get(path)).text();
    expect(desktopHtml).toMatch(/id="js-compare-chart"[^>]*style="height:230px"/);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.close();
  });
});

test.describe('the compare search panel', () => {
  test('the toggle shows and hides it; it lists related companies linking to the comparison', async ({ page, request }) => {
    const { base, target } = await findPair(request);
    await page.goto(`/companies/${base}/intern/compare/${target}`);
    await waitForChart(page);
    const toggle = page.locator('.js-change-compare-company');
    const input = page.getByPlaceholder('企業名を入力');
    await expect(input).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    expect(await panel.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('350px');
    expect(await input.evaluate((element) => getComputedStyle(element).minWidth)).toBe('260px');
    expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(350);

    await expect(panel.getByRole('heading', { name: '関連企業と比較' })).toBeVisible();
    const links = panel.getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(new RegExp(`^/companies/${base}/intern/compare/\\d+$`));
      expect(href).not.toBe(`/companies/${base}/intern/compare/${base}`);
    }
    await expect(links.first()).toContainText(/本社：\S+/);

    await toggle.click();
    await expect(input).toBeHidden();
  });

  test('without a target the base company is shown alone with the panel open', async ({ page, request }) => {
    const { base } = await findPair(request);
    await page.goto(`/companies/${base}/intern/compare`);
    await waitForChart(page);
    await expect(page.getByPlaceholder('企業名を入力')).toBeVisible();
    await expect(page.getByRole('heading', { name: '関連企業と比較' })).toBeVisible();
    await expect(page.locator('#js-compare-table thead th')).toHaveCount(2);
    expect((await chartData(page)).datasets).toHaveLength(1);
  });

  test('typing five characters quickly sends one request with the JSON and XHR headers', async ({ page, request }) => {
    const { base } = await findPair(request);
    await page.goto(`/companies/${base}/intern/compare`);
    await waitForChart(page);
    const requests = apiCompanyRequests(page);
    const last = page.waitForRequest((request) => new URL(request.url()).searchParams.get('company_name') === 'あおばぎん');
    await page.getByPlaceholder('企業名を入力').pressSequentially('あおばぎん', { delay: 60 });
    // Each keystroke's timer ends before the last one's: the request for the whole word is the
    // last the typing can send, and the only one.
    const sent = await last;
    expect(requests).toEqual([sent]);
    const url = new URL(sent.url());
    expect(url.searchParams.get('source')).toBe('incremental');
    expect(url.searchParams.get('company_name')).toBe('あおばぎん');
    const headers = await sent.allHeaders();
    expect(headers.accept).toBe('application/json');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  test('results link to ?target_company_id= with name, 本社 and URL; no match says so', async ({ page, request }) => {
    const { base, targetName } = await findPair(request);
    await page.goto(`/companies/${base}/intern/compare`);
    await waitForChart(page);
    const input = page.getByPlaceholder('企業名を入力');
    const query = targetName.replace(/株式会社|ホールディングス/g, '').slice(0, 4);
    await input.fill(query);
    const result = page.getByRole('link', { name: new RegExp(escapeRegExp(targetName)) }).first();
    await expect(result).toBeVisible();
    await expect(result).toHaveAttribute('href', new RegExp(`^/companies/${base}/intern/compare\\?target_company_id=\\d+$`));
    await expect(result).toContainText(/本社：\S+/);
    await expect(page.getByRole('heading', { name: '関連企業と比較' })).toBeHidden();

    // The API's url, when the company has one, is shown with it.
    const api = await (await request.get(`/api/company?source=incremental&company_name=${encodeURIComponent(query)}`)).json();
    const withUrl = (api.companies as Array<{ name: string; url: string | null }>).find((c) => c.url);
    if (withUrl) await expect(page.getByRole('link', { name: new RegExp(escapeRegExp(withUrl.name)) }).first()).toContainText(withUrl.url!);

    await input.fill('該当しない名前ゾゾゾゾ');
    await expect(page.getByText(NO_MATCH_TEXT)).toBeVisible();

    // Following a result compares with it.
    await input.fill(query);
    await page
      .getByRole('link', { name: new RegExp(escapeRegExp(targetName)) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/companies/${base}/intern/compare\\?target_company_id=\\d+$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(targetName);
    await expect(page.locator('#js-compare-table thead th')).toHaveCount(3);
  });

  test('a slow first request is aborted by the second, and the abort is only logged', async ({ page, request }) => {
    const { base } = await findPair(request);
    let calls = 0;
    // The first request is held until the end: the second one must abort it.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    await page.route('**/api/company?*', async (route) => {
      calls += 1;
      if (calls === 1) await firstHeld;
      await route.continue().catch(() => {});
    });
    const infos: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'info') infos.push(message.text());
      if (message.type() === 'error') errors.push(message.text());
    });
    const failed: string[] = [];
    page.on('requestfailed', (failure) => {
      if (failure.url().includes('/api/company'))
        failed.push(`${new URL(failure.url()).searchParams.get('company_name')} ${failure.failure()?.errorText}`);
    });
    await page.goto(`/companies/${base}/intern/compare`);
    await waitForChart(page);
    const input = page.getByPlaceholder('企業名を入力');
    await input.fill('あお');
    await expect.poll(() => calls).toBe(1);
    await input.fill('あおば');
    await expect.poll(() => calls).toBe(2);
    await expect.poll(() => failed).toEqual(['あお net::ERR_ABORTED']);
    await expect(page.getByRole('list', { name: '検索結果' })).toBeVisible();
    await expect.poll(() => infos.some((text) => text.includes('company search aborted'))).toBe(true);
    await expect(page.getByText(ERROR_TEXT)).toBeHidden();
    expect(errors).toEqual([]);
    releaseFirst();
  });

  test('a failing search shows the error text', async ({ page, request }) => {
    const { base } = await findPair(request);
    await page.route('**/api/company?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"boom","message":"x"}}' }),
    );
    await page.goto(`/companies/${base}/intern/compare`);
    await waitForChart(page);
    await page.getByPlaceholder('企業名を入力').fill('あおば');
    await expect(page.getByText(ERROR_TEXT, { exact: true })).toBeVisible();
  });

  test('clearing the input shows the related list again without calling the server', async ({ page, request }) => {
    const { base } = await findPair(request);
    await page.clock.install();
    await page.goto(`/companies/${base}/intern/compare`);
    await waitForChart(page);
    const requests = apiCompanyRequests(page);
    const input = page.getByPlaceholder('企業名を入力');
    const heading = page.getByRole('heading', { name: '関連企業と比較' });
    await input.fill('あおば');
    await expect(heading).toBeHidden();
    await expect.poll(() => requests.length).toBe(1);
    await input.fill('');
    await expect(heading).toBeVisible();
    await expect(page.locator(`a[href^="/companies/${base}/intern/compare/"]`).first()).toBeVisible();
    // Past the time a typed word waits before it is sent; then a request of the page's own goes out
    // after anything that timer could have started.
    await page.clock.runFor(SUGGEST_DEBOUNCE_MS * 2);
    await Promise.all([page.waitForRequest('**/healthz'), page.evaluate(() => fetch('/healthz'))]);
    expect(requests).toHaveLength(1);
  });
});

test.describe('addresses', () => {
  test('both URL forms show the same comparison; the company page links here', async ({ page, request }) => {
    const { base, target, targetName } = await findPair(request);
    await page.goto(`/companies/${base}/intern/compare?target_company_id=${target}`);
    await waitForChart(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(targetName);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`/companies/${base}/intern/compare/${target}$`));

    await page.goto(`/companies/${base}`);
    await page.getByRole('link', { name: 'インターン評価を他社と比較する' }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${base}/intern/compare$`));
    await expect(page.getByRole('heading', { name: '関連企業と比較' })).toBeVisible();
  });

  test('comparing a company with itself explains why and offers the search', async ({ page, request }) => {
    const { base } = await findPair(request);
    await page.goto(`/companies/${base}/intern/compare/${base}`);
    await expect(page.getByText('同じ企業どうしは比較できません。')).toBeVisible();
    await expect(page.getByPlaceholder('企業名を入力')).toBeVisible();
  });

  test('malformed or unknown ids get the Japanese 404 page', async ({ page, request }) => {
    const { base } = await findPair(request);
    for (const path of [
      `/companies/abc/intern/compare/${base}`,
      `/companies/${base}/intern/compare/12abc`,
      `/companies/${base}/intern/compare?target_company_id=-1`,
      `/companies/${base}/intern/compare/2147483000`,
      `/companies/2147483000/intern/compare`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
    }
  });
});
