import { expect, test } from '@playwright/test';

test('the home page shows a Japanese site full of demo companies and posts', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page).toHaveTitle(/シューログ/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('就活ログ');
  await expect(page.getByRole('heading', { name: '新着の投稿' })).toBeVisible();
  // The demo data is there: counts with counters, posts and popular companies.
  await expect(page.getByText(/[0-9,]+社・[0-9,]+件の/)).toBeVisible();
  expect(await page.locator('section[aria-labelledby="latest-title"] li').count()).toBeGreaterThanOrEqual(5);
  expect(await page.locator('section[aria-labelledby="popular-title"] li').count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('search').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('unknown pages get the Japanese 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
  await expect(page).toHaveTitle('ページが見つかりません | シューログ');
  await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
});

test('responses carry the security headers and scripts carry the CSP nonce', async ({ page, request }) => {
  const response = await request.get('/');
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A second request gets another nonce.
  const again = await request.get('/');
  expect(again.headers()['content-security-policy']).not.toContain(nonce!);

  // The page hydrates under that policy: no CSP violation reaches the console.
  const violations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('static assets are compressed and cached for a year', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(response.headers()['cache-control']).toContain('max-age=31536000');
  expect(response.headers()['content-encoding']).toBe('gzip');
});

test('GET /healthz checks the database', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'pglite' });
});
