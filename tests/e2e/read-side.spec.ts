import { expect, test, type Page } from '@playwright/test';

async function firstCompanyFromSearch(page: Page, query: string) {
  const response = await page.request.get(`/api/company?source=incremental&company_name=${encodeURIComponent(query)}`);
  const body = (await response.json()) as { companies: Array<{ company_id: number; name: string }> };
  return body.companies[0]!;
}

test('the search API finds what a student types, prefix matches first', async ({ request }) => {
  const api = (name: string) => request.get(`/api/company?source=incremental&company_name=${encodeURIComponent(name)}`);
  const ok = await api('あおば');
  expect(ok.status()).toBe(200);
  const { companies } = (await ok.json()) as {
    companies: Array<{ company_id: number; name: string; pref_name: string; url: string | null }>;
  };
  expect(companies.length).toBeGreaterThan(0);
  expect(companies.length).toBeLessThanOrEqual(20);
  expect(Object.keys(companies[0]!).sort()).toEqual(['company_id', 'name', 'pref_name', 'url']);
  // Hiragana, katakana, half-width katakana and 株式会社 all find the same first company.
  const first = companies[0]!.company_id;
  for (const variant of ['アオバ', 'ｱｵﾊﾞ', '株式会社あおば', ' あおば ']) {
    const body = (await (await api(variant)).json()) as { companies: Array<{ company_id: number }> };
    expect(body.companies[0]?.company_id, variant).toBe(first);
  }
  expect((await (await api('')).json()).companies).toEqual([]);
  expect((await request.get('/api/company?company_name=a')).status()).toBe(400);
  expect((await request.get('/api/company?source=other&company_name=a')).status()).toBe(400);
  const tooLong = await api('あ'.repeat(101));
  expect(tooLong.status()).toBe(400);
  expect((await tooLong.json()).error.message).toContain('100文字以内');
});

test('the company page shows the company, its ratings and posts, and links onward', async ({ page }) => {
  const company = await firstCompanyFromSearch(page, 'あ');
  const response = await page.goto(`/companies/${company.company_id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company.name);
  await expect(page).toHaveTitle(`${company.name}のインターン・選考体験記 | シューログ`);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/companies\/\d+$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /シューログ/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd['@type']).toBe('Organization');
  expect(jsonLd.name).toBe(company.name);
  expect(jsonLd.alternateName).toMatch(/^[ァ-ヶー・\s]+$/);
  await expect(page.getByRole('heading', { name: 'インターンの評価' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'インターン評価を他社と比較する' })).toHaveAttribute(
    'href',
    `/companies/${company.company_id}/intern/compare`,
  );
});

test('unknown and malformed company ids get the Japanese 404', async ({ page }) => {
  for (const path of ['/companies/99999999', '/companies/abc', '/companies/1e3', '/companies/1/nonsense', '/intern_experiences/0']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
  }
});

test('a visitor reads the first part of a post and is invited to sign up', async ({ page }) => {
  await page.goto('/');
  await page.locator('section[aria-labelledby="latest-title"] li a').first().click();
  await expect(page.getByRole('article')).toBeVisible();
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/[a-z_]+\/\d+$/);
  const gate = page.getByRole('complementary').filter({ hasText: '続きは会員登録' });
  const sectionTexts = await page.locator('article section p').allTextContents();
  for (const text of sectionTexts) expect(Array.from(text.replace(/…$/, '')).length).toBeLessThanOrEqual(100);
  if (sectionTexts.some((text) => text.endsWith('…'))) await expect(gate).toBeVisible();
});

test('the search page filters, sorts and pages through the URL, without JavaScript too', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/companies');
  await expect(page.getByText(/[0-9,]+社が見つかりました/)).toBeVisible();
  await page.getByLabel('企業名・フリガナ').fill('しすてむ');
  await page.getByLabel('並び順').selectOption('kana');
  await page.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(page).toHaveURL(/q=%E3%81%97%E3%81%99%E3%81%A6%E3%82%80.*sort=kana/);
  // Each result's name or reading contains the query (hiragana typed, katakana found).
  const cards = await page.locator('main ul > li > a').allTextContents();
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(card).toContain('システム');
  await page.goto('/companies?page=2');
  await expect(page.locator('[aria-current=page]').filter({ hasText: '2' })).toBeVisible();
  await context.close();
});

test('the header search box suggests companies after a pause and opens the chosen one', async ({ page }) => {
  await page.goto('/');
  let calls = 0;
  page.on('request', (request) => request.url().includes('/api/company') && calls++);
  const box = page.getByRole('combobox');
  await box.pressSequentially('あおば', { delay: 50 });
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  expect(calls).toBe(1);
  const name = (await option.locator('span').first().textContent())!;
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('romaji finds a company by its reading: the header suggestions, the search page and the API', async ({ page, request }) => {
  const byKana = (await (await request.get(`/api/company?source=incremental&company_name=${encodeURIComponent('ノヴァ')}`)).json()) as {
    companies: Array<{ name: string }>;
  };
  const name = byKana.companies[0]!.name;
  await page.goto('/');
  const box = page.getByRole('combobox');
  await box.pressSequentially('nova', { delay: 50 });
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await page.goto(`/companies?q=${encodeURIComponent('ｎｏｖａ')}`);
  await expect(
    page
      .locator('main')
      .getByRole('link', { name: new RegExp(name) })
      .first(),
  ).toBeVisible();
  const api = (await (await request.get('/api/company?source=incremental&company_name=NOVA')).json()) as {
    companies: Array<{ name: string }>;
  };
  expect(api.companies.map((company) => company.name)).toContain(name);
});

test('the recommended carousel shows five whole slides in every position at 1280 px, with arrows on hover', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'おすすめ企業' });
  await expect(carousel).toBeVisible();
  const next = carousel.getByRole('button', { name: '次のおすすめ企業' });
  await expect(next).toHaveCSS('opacity', '0');
  const slides = carousel.locator('[aria-roledescription="スライド"]');
  await slides.first().hover();
  await expect(next).toHaveCSS('opacity', '1');
  // Slides (and their cards) inside the viewport, and slides cut by its edges, once the scroll has settled.
  const placement = () =>
    slides.evaluateAll((items) => {
      const viewport = items[0]!.parentElement!.parentElement!.getBoundingClientRect();
      const boxes = items.flatMap((item) => [item.getBoundingClientRect(), item.querySelector('a')!.getBoundingClientRect()]);
      const shown = boxes.filter((box) => box.right > viewport.left + 0.5 && box.left < viewport.right - 0.5);
      const whole = shown.filter((box) => box.left >= viewport.left - 0.5 && box.right <= viewport.right + 0.5);
      return `${whole.length / 2} whole, ${(shown.length - whole.length) / 2} cut`;
    });
  await expect.poll(placement).toBe('5 whole, 0 cut');
  let positions = 1;
  while (await next.isEnabled()) {
    await next.click();
    await expect.poll(placement).toBe('5 whole, 0 cut');
    positions += 1;
  }
  const dots = carousel.getByRole('button', { name: /枚目のグループを表示/ });
  expect(await dots.count()).toBe(positions);
  for (const index of [0, positions - 1, 1]) {
    await dots.nth(index).click();
    await expect(dots.nth(index)).toHaveAttribute('aria-current', 'true');
    await expect.poll(placement).toBe('5 whole, 0 cut');
  }
  await page.mouse.move(0, 0);
  await expect(next).toHaveCSS('opacity', '0');
});

test('on a phone the recommended carousel moves with two 44 px buttons beside its position', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'おすすめ企業' });
  const slides = carousel.locator('[aria-roledescription="スライド"]');
  const total = Math.ceil((await slides.count()) / 2);
  await expect(carousel.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
  const previous = carousel.getByRole('button', { name: '前のおすすめ企業' });
  const next = carousel.getByRole('button', { name: '次のおすすめ企業' });
  await expect(previous).toBeDisabled();
  await expect(carousel.getByRole('button', { name: /枚目のグループを表示/ })).toHaveCount(0);
  const box = await next.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await next.tap();
  await expect(carousel.getByText(`2 / ${total}`, { exact: true })).toBeVisible();
  // The third and fourth companies are the ones in view now.
  await expect.poll(() => slides.nth(2).evaluate((slide) => Math.round(slide.getBoundingClientRect().left))).toBeLessThan(40);
  await previous.tap();
  await expect(carousel.getByText(`1 / ${total}`, { exact: true })).toBeVisible();
  await context.close();
});

test('robots.txt and the sitemap index point to sitemap files of company and post URLs', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: ');
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  const companies = /<loc>([^<]*companies-1\.xml)<\/loc>/.exec(index)?.[1];
  expect(companies).toBeTruthy();
  const urlset = await (await request.get(new URL(companies!).pathname)).text();
  expect(urlset).toMatch(/<loc>[^<]*\/companies\/\d+<\/loc>/);
  expect((await request.get('/sitemaps/companies-999.xml')).status()).toBe(404);
});
