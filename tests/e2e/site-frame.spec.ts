import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { rendered, VIEWPORTS } from '../support/e2e-devices';
import { logInDemo } from '../support/e2e-students';
import { E2E_METRICS_TOKEN } from '../../playwright.config';

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

// Issue 27: on a phone the top page showed the header's search box above the hero's, and the
// hero's placeholder was cut (「例：あおば、」).
test('the top page has one search box on a phone, and its placeholder fits, at 375 and 1280 px', async ({ browser }) => {
  for (const device of VIEWPORTS) {
    const context = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
    const page = await context.newPage();
    await page.goto('/');
    const hero = page.getByRole('search', { name: '企業を探す' }).getByRole('searchbox', { name: '企業名で検索' });
    await expect(hero).toBeVisible();
    const visibleBoxes = page.locator('input[type=search]:visible');
    await expect(visibleBoxes).toHaveCount(device.mobile ? 1 : 2);
    for (const box of await visibleBoxes.all()) {
      const { text, room } = await box.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const probe = document.createElement('span');
        probe.style.cssText = `position:absolute;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
        probe.textContent = input.placeholder;
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return { text: width, room: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) };
      });
      expect(text, `「${await box.getAttribute('placeholder')}」 at ${device.viewport.width} px`).toBeLessThanOrEqual(room);
    }
    // Every other page keeps the header's box on a phone.
    await page.goto('/companies');
    await expect(page.getByRole('combobox', { name: '企業名で検索' })).toBeVisible();
    await context.close();
  }
});

test('unknown pages get the Japanese 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ページが見つかりません');
  await expect(page).toHaveTitle('ページが見つかりません | シューログ');
  await expect(page.getByRole('link', { name: 'トップページへ戻る' })).toHaveAttribute('href', '/');
});

/**
 * A proxy in front of the tests' server that sends the page at `path` up to where `cut` says (a
 * character offset in its HTML, or -1 for all of it) and holds the rest until `release()`: what a
 * slow network does when the browser paints a page it has not read to the end.
 */
async function proxyHoldingPartOf(target: string, path: string, cut: (html: string) => number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = createServer((request, response) => {
    const upstream = httpRequest(
      new URL(request.url ?? '/', target),
      { method: request.method, headers: { ...request.headers, host: new URL(target).host, 'accept-encoding': 'identity' } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          delete headers['content-length'];
          response.writeHead(answer.statusCode ?? 502, headers);
          const html = body.toString('utf8');
          const at = new URL(request.url ?? '/', target).pathname === path ? cut(html) : -1;
          if (at < 0) {
            response.end(body);
            return;
          }
          const bytes = Buffer.byteLength(html.slice(0, at));
          response.write(body.subarray(0, bytes));
          void released.then(() => response.end(body.subarray(bytes)));
        });
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, release, close: () => server.close() };
}

/** Where the header's account menu starts. */
const beforeMenu = (html: string) => html.lastIndexOf('<nav', html.indexOf('aria-label="アカウント"'));
/** Inside a student's account menu, before its last item (ログアウト). */
const insideMenu = (html: string) => html.lastIndexOf('<form', html.indexOf('action="/logout"'));
/** Just after /companies' keyword field, before its selects. */
const insideSearchForm = (html: string) => html.indexOf('<select', html.indexOf('name="q"'));

// A layout shift seen in CI (0.0034 at 1280 px): the browser painted the page before it had read
// the header's account menu, and the search box moved 168 px when the menu came. Right-aligned,
// the menu's own first items moved too as the rest came, and so did /companies' fields.
for (const device of VIEWPORTS) {
  test(`nothing moves when a page is painted half-read: the header, its menu and /companies' search, at ${device.viewport.width} px`, async ({
    browser,
    baseURL,
  }) => {
    const cases = [
      { who: 'visitor', path: '/companies', cut: beforeMenu, shown: 'header form[role=search]' },
      { who: 'visitor', path: '/', cut: beforeMenu, shown: 'header a[aria-label="シューログ トップページ"]' },
      { who: 'visitor', path: '/companies', cut: insideSearchForm, shown: 'input[name=q]' },
      { who: 'student', path: '/mypage', cut: insideMenu, shown: 'header nav' },
    ] as const;
    const student = await logInDemo(browser, baseURL!, 'student36@shulog.example', device.viewport, device.mobile);
    for (const { who, path, cut, shown } of cases) {
      const proxy = await proxyHoldingPartOf(baseURL!, path, cut);
      const context =
        who === 'student'
          ? student.context()
          : await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __moved: string[] };
        w.__moved = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const sources = (entry as unknown as { sources?: Array<{ node?: Node }> }).sources ?? [];
            for (const source of sources) w.__moved.push(`${source.node?.nodeName} ${(source.node?.textContent ?? '').slice(0, 20)}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${proxy.origin}${path}`, { waitUntil: 'commit' });
      // The first part is read and painted; the rest is on its way (a cut that no longer finds its
      // place would send the whole page, and the footer would be there already).
      await expect(page.locator(shown).first()).toBeAttached();
      await rendered(page);
      expect(await page.locator('footer').count(), `${who} ${path} held`).toBe(0);
      proxy.release();
      await page.waitForLoadState('load');
      await expect(page.getByRole('navigation', { name: 'アカウント' })).toContainText(who === 'student' ? 'ログアウト' : 'ログイン');
      await rendered(page);
      expect.soft(await page.evaluate(() => (window as unknown as { __moved: string[] }).__moved), `${who} ${path}`).toEqual([]);
      await page.close();
      if (who === 'visitor') await context.close();
      proxy.close();
    }
    await student.context().close();
  });
}

test('visitor pages allow their scripts by hash, session pages by a per-response nonce', async ({ page, request }) => {
  const scriptHashes = (html: string) =>
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !attributes!.includes('src='))
      .map(([, , text]) => `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);

  // A visitor's page is stored once and then served byte for byte, with the same policy.
  const path = `/?csp=${Date.now()}`;
  for (const response of [await request.get(path), await request.get(path)]) {
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).not.toContain('nonce-');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers.etag).toBeTruthy();
    const hashes = scriptHashes(await response.text());
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(csp).toContain(hash);
  }

  // A page rendered for the session (not a shared page): every script carries that response's nonce.
  const withSession = { headers: { cookie: 'shulog_session=not-a-live-session' } };
  const rendered = await request.get('/badges', withSession);
  const nonce = /'nonce-([^']+)'/.exec(rendered.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const tags = (await rendered.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  expect((await request.get('/badges', withSession)).headers()['content-security-policy']).not.toContain(nonce!);

  // The page hydrates under the policy, fresh and cached: no CSP violation reaches the console,
  // and the header search box (a React component) works.
  const violations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(`${path}-browser`);
    await page.waitForLoadState('networkidle');
  }
  await page.getByRole('combobox').first().fill('あお');
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('static assets are compressed and cached for a year, for students as for visitors', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = /\/assets\/framework-[^"']+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-encoding']).toBe('gzip');
  // A browser's own Accept-Encoding (gzip listed first) gets brotli; a session's cookie changes
  // nothing: the files are the same for everyone, so a student's browser keeps them too.
  const student = await request.get(asset!, {
    headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd', Cookie: 'shulog_session=an-open-session' },
  });
  expect(student.headers()['content-encoding']).toBe('br');
  expect(student.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(student.headers()['set-cookie']).toBeUndefined();
  expect(await student.text()).toBe(await (await request.get(asset!, { headers: { 'Accept-Encoding': 'identity' } })).text());
});

test("the site's frame comes in one script and one style sheet: what every page loads is not split into many small requests", async ({
  page,
}) => {
  // The root route's modules (header, footer, snack bar, the call client's helpers) in one chunk
  // beside the framework's (vite.config.ts, docs/decisions/087-one-chunk-for-the-site-frame.md).
  await page.goto('/companies/1');
  const root = await page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { routes: { root: { module: string; imports?: string[]; css?: string[] } } } })
        .__reactRouterManifest.routes.root,
  );
  const names = (files: string[] | undefined) =>
    (files ?? []).map((file) => /\/assets\/(.+)-[\w-]{8}\.\w+#?$/.exec(file)?.[1] ?? file).sort();
  expect(names(root.imports)).toEqual(['framework', 'rolldown-runtime', 'site']);
  expect(names(root.css)).toEqual(['site']);
});

test('GET /healthz checks the database', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'pglite' });
  // Every answer names its request, for the logs: a new id, or the load balancer's.
  expect(response.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const forwarded = await request.get('/healthz', { headers: { 'X-Request-Id': 'lb-20261128-0001' } });
  expect(forwarded.headers()['x-request-id']).toBe('lb-20261128-0001');
  const hostile = await request.get('/healthz', { headers: { 'X-Request-Id': 'forged"}{"level":60,"x":"' } });
  expect(hostile.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('GET /metrics is the 404 page without the token, and Prometheus text with it', async ({ request }) => {
  const unknown = await request.get('/no-such-page');
  const notFound = /<h1[^>]*>([^<]*)<\/h1>/.exec(await unknown.text())![1];
  for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${E2E_METRICS_TOKEN}`]) {
    const refused = await request.get('/metrics', { headers: authorization ? { Authorization: authorization } : {} });
    expect(refused.status()).toBe(404);
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await refused.text())?.[1]).toBe(notFound);
  }
  // A company page twice (the second from the page cache), then the scrape.
  await request.get('/companies/1');
  await request.get('/companies/1');
  const metrics = await request.get('/metrics', { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(metrics.status()).toBe(200);
  expect(metrics.headers()['content-type']).toContain('text/plain');
  const text = await metrics.text();
  expect(text).toMatch(/^shulog_http_requests_total\{route="\/companies\/:companyId",method="GET",status="200"\} \d+$/m);
  expect(text).toMatch(/^shulog_http_request_duration_seconds_bucket\{le="0\.1",route="\/companies\/:companyId",method="GET"\} \d+$/m);
  expect(text).toMatch(/^shulog_page_cache_lookups_total\{result="hit"\} [1-9]\d*$/m);
  expect(text).toMatch(/^shulog_email_queue_jobs\{state="due"\} \d+$/m);
  expect(text).toMatch(/^shulog_db_statement_duration_seconds_count [1-9]\d*$/m);
  expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
});

test('links move between pages without reloading the document; back returns', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  // Hydrated: React Router's client has taken the page over.
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.locator('section[aria-labelledby="popular-title"] li a').first().click();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  await expect(page.getByRole('heading', { name: 'インターンの評価' })).toBeVisible();
  await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: '企業を探す' }).click();
  await expect(page).toHaveURL(/\/companies$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('企業を探す');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('the terms and the privacy policy are linked from every footer and from sign-up, which keeps what was typed', async ({
  page,
  context,
}) => {
  await page.goto('/companies');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: '利用規約' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約');
  await page.getByRole('contentinfo').getByRole('link', { name: 'プライバシーポリシー' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('プライバシーポリシー');
  // What is stored and why, the rights under the act, and a contact from configuration.
  await expect(page.locator('main')).toContainText('個人情報保護法');
  await expect(page.locator('main')).toContainText('メールアドレス');
  await expect(page.locator('main a[href^="mailto:"]')).toHaveAttribute('href', /^mailto:.+@.+/);

  await page.goto('/signup');
  await page.getByLabel('メールアドレス').fill('reader@example.com');
  const opened = context.waitForEvent('page');
  await page
    .locator('main')
    .getByRole('link', { name: /利用規約/ })
    .click();
  const terms = await opened;
  await expect(terms.getByRole('heading', { level: 1 })).toHaveText('利用規約');
  await expect(page.getByLabel('メールアドレス')).toHaveValue('reader@example.com');
  await expect(page.locator('main').getByRole('link', { name: /プライバシーポリシー/ })).toHaveAttribute('href', '/privacy');
  await terms.close();
});
