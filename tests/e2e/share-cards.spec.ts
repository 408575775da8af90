// Issue 18, goal 7: every page has a share card (og:image, 1200 × 630, summary_large_image): the
// site's, a company's drawn from its data, a badge's on the page a shared badge links to.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

async function cardOf(page: Page): Promise<{ url: URL; alt: string }> {
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const content = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(await page.locator('meta[property="og:image:width"]').getAttribute('content')).toBe('1200');
  expect(await page.locator('meta[property="og:image:height"]').getAttribute('content')).toBe('630');
  return { url: new URL(content!), alt: (await page.locator('meta[property="og:image:alt"]').getAttribute('content'))! };
}

/**
 * The card as a crawler gets it (no cookies: a request with the session cookie is always private):
 * a 1200 × 630 PNG that browsers and crawlers may keep, revalidated by ETag.
 */
async function expectPngCard(request: APIRequestContext, path: string): Promise<void> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(response.headers()['cache-control']).toContain('public');
  const png = await response.body();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  const again = await request.get(path, { headers: { 'If-None-Match': response.headers().etag! } });
  expect(again.status()).toBe(304);
}

test('the top page and a page without a card of its own carry the site card', async ({ page, request }) => {
  for (const path of ['/', '/login']) {
    await page.goto(path);
    const card = await cardOf(page);
    // The configured origin (PUBLIC_ORIGIN), never the request's host.
    expect(card.url.pathname).toBe('/og/site.png');
    await expectPngCard(request, card.url.pathname);
  }
});

test('a company page carries its own card, whose URL changes with what it shows', async ({ page, request }) => {
  await page.goto('/companies/1');
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const card = await cardOf(page);
  expect(card.url.pathname).toBe('/og/companies/1/card.png');
  expect(card.url.searchParams.get('v')).toMatch(/^[0-9a-z]+$/);
  expect(card.alt).toContain(name.replace(/のインターン.*$/, ''));
  await expectPngCard(request, `${card.url.pathname}${card.url.search}`);
  expect((await page.request.get('/og/companies/999999/card.png')).status()).toBe(404);
  expect((await page.request.get('/og/companies/abc/card.png')).status()).toBe(404);
});

test('a shared badge leads to its own page, whose card shows the medal', async ({ page, request }) => {
  await page.goto('/badges/101');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('会員登録完了');
  await expect(page.getByRole('link', { name: 'バッジ一覧を見る' })).toHaveAttribute('href', '/badges');
  const card = await cardOf(page);
  expect(card.url.pathname).toBe('/og/badges/101/card.png');
  expect(card.alt).toBe('「会員登録完了」バッジを獲得しました');
  await expectPngCard(request, card.url.pathname);
  expect((await page.request.get('/badges/999')).status()).toBe(404);
  expect((await page.request.get('/og/badges/999/card.png')).status()).toBe(404);
});
