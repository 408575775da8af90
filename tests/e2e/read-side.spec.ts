import { expect, test, type Page } from '@playwright/test';
import { hydrated, VIEWPORTS } from '../support/e2e-devices';
import { horizontalOverflow, splitWords } from '../support/line-breaks';

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

// Issue 27, point 8: lines that ended inside a word, as students saw them — 「株式会社ルミナシステム/ズ」
// on its page, 「パ/ルスリテール」 and 「パルスリテー/ル」 on the comparison page, 「業/務」 in a post's
// title, 「変更す/る」 beside a chosen company — measured character by character in the browser.
test('Japanese lines break between words: names, titles, the comparison page and buttons, at 375 and 1280 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const probe = await browser.newPage();
  const lumina = await firstCompanyFromSearch(probe, '株式会社ルミナシステムズ');
  const pulse = await firstCompanyFromSearch(probe, 'パルスリテール');
  await probe.close();
  expect([lumina.name, pulse.name]).toEqual(['株式会社ルミナシステムズ', 'パルスリテール']);
  for (const device of VIEWPORTS) {
    const context = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
    const page = await context.newPage();
    const expectWholeWords = async (what: string) => {
      expect.soft(await splitWords(page), `${what} at ${device.viewport.width} px`).toEqual([]);
      expect.soft(await horizontalOverflow(page), `${what} scrolls sideways at ${device.viewport.width} px`).toBe(0);
    };

    await page.goto(`/companies/${lumina.company_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lumina.name);
    await expectWholeWords('the company page');

    await page.goto(`/companies/${lumina.company_id}/intern_experiences`);
    await page.locator('main ul a[href^="/intern_experiences/"]').first().click();
    await expect(page).toHaveURL(/\/intern_experiences\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('インターン');
    await expectWholeWords('a post');

    await page.goto(`/companies/${lumina.company_id}/intern/compare/${pulse.company_id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${lumina.name}と${pulse.name}`);
    await expect(page.locator('#js-compare-table thead')).toContainText(pulse.name);
    await expect(page.getByRole('button', { name: '比較する企業を変更' })).toBeVisible();
    await expectWholeWords('the comparison page');

    // A chosen company beside its 「変更する」 button, in the posting form's company picker.
    await page.goto('/login');
    await page.getByLabel('メールアドレス').fill('student06@shulog.example');
    await page.getByLabel('パスワード').fill('shulog-demo-2026');
    await page.locator('main').getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/intern_experiences/select_company');
    const search = page.getByLabel('企業を検索');
    await hydrated(search);
    await search.fill('ルミナシステムズ');
    await page.getByRole('button', { name: new RegExp(`^${lumina.name}`) }).click();
    await expect(page.getByRole('button', { name: '変更する' })).toBeVisible();
    await expectWholeWords('the company picker');
    await context.close();
  }
});

// Issue 27: 「すべての都道府県」 was cut in its select on a desktop. Each select of the search form is
// at least as wide as it is on its own (its longest option and its arrow), at every width.
test('the search form shows the whole of every select option at 375, 960 and 1280 px', async ({ browser }) => {
  for (const width of [375, 960, 1280]) {
    const mobile = width < 768;
    const context = await browser.newContext({ viewport: { width, height: 900 }, isMobile: mobile, hasTouch: mobile });
    const page = await context.newPage();
    await page.goto('/companies');
    await expect(page.getByLabel('本社所在地')).toHaveValue('');
    const selects = page.getByRole('search', { name: '企業の検索条件' }).locator('select');
    expect(await selects.count()).toBe(3);
    for (const select of await selects.all()) {
      const { shown, needed } = await select.evaluate((element) => {
        const alone = element.cloneNode(true) as HTMLSelectElement;
        alone.style.cssText = 'position: absolute; width: auto; visibility: hidden';
        document.body.append(alone);
        const sizes = { shown: element.getBoundingClientRect().width, needed: alone.getBoundingClientRect().width };
        alone.remove();
        return sizes;
      });
      expect(shown, `${await select.getAttribute('name')} at ${width} px`).toBeGreaterThanOrEqual(needed - 0.5);
    }
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  }
});
