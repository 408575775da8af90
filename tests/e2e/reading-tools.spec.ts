// Issue 16, the reading tools: クリップ and 参考になった on post lists and post pages (the look
// changes once the server has answered, both button pairs of a post page together, a visitor is
// asked to sign up and nothing is sent), /mypage/clips, post lists filtered and sorted from the
// URL (the same list for everyone, the canonical link the same URL), and the ES question search.
// Every test runs on a phone (375 px, touch) and on a desktop (1280 px).
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { type Device, hydrated, press, rendered, VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { signUpStudent } from '../support/e2e-students';
import { closeBadgePopups } from '../support/badge-popups';

/**
 * A first view, clip or vote can earn a badge: its popup (a bottom sheet on phones, a snack bar
 * on desktops) is closed whenever it shows, so that it never covers a button under test.
 */
/** A page of a new student, watched for errors, with badge popups closed. */
async function studentPage(browser: Browser, device: Device) {
  const student = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
  const errors = watchErrors(student.page);
  await closeBadgePopups(student.page);
  return { ...student, errors };
}

/** A visitor's context (no session) of the device's size. */
function visitorContext(browser: Browser, device: Device): Promise<BrowserContext> {
  return browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
}

/** A visitor's page on the device, with the console errors it collects. */
async function visitorPage(browser: Browser, device: Device) {
  const context = await visitorContext(browser, device);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

const clipButton = (scope: Locator) => scope.locator('button[data-reaction="clip"]');
const voteButton = (scope: Locator) => scope.locator('button[data-reaction="vote"]');
const countOf = async (scope: Locator) => Number((await scope.locator('[data-useful-count]').textContent())!.replace(/,/g, ''));

/** The items of a post list that carry the reaction buttons. */
const listItems = (page: Page) => page.locator('main li').filter({ has: page.locator('button[data-reaction="clip"]') });

/** The post page links of a list, in order. */
const listLinks = (page: Page, slug: string) =>
  page.locator(`main ul > li > a[href^="/${slug}/"]`).evaluateAll((links) => links.map((link) => link.getAttribute('href')!));

/** The public count of a post in the server's page of a list (no session, no cache of the browser's). */
async function countInServerPage(request: APIRequestContext, path: string, postHref: string): Promise<number> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const found = html.match(new RegExp(`href="${postHref}"[\\s\\S]*?data-useful-count="true">([0-9,]+)<`));
  expect(found, `the count of ${postHref} in ${path}`).not.toBeNull();
  return Number(found![1]!.replace(/,/g, ''));
}

for (const device of VIEWPORTS) {
  // Each width votes on posts of its own: the two widths run at once, and one's vote would move
  // the count the other expects.
  const own = device.mobile
    ? { interns: 'season=summer', entrySheets: 'selection=intern' }
    : { interns: 'season=winter', entrySheets: 'selection=recruit' };
  test.describe(`${device.name} (${device.viewport.width} px)`, () => {
    test('a student clips and votes from a post list; it stays after a reload, and the clips show on /mypage/clips', async ({
      browser,
      request,
    }) => {
      const { context, page, errors } = await studentPage(browser, device);
      await page.goto(`/intern_experiences?${own.interns}`);
      const first = listItems(page).nth(0);
      const second = listItems(page).nth(1);
      // Revealed once the personal call has answered and React has drawn the student's state.
      await expect(clipButton(first)).toBeVisible();
      await hydrated(clipButton(first));
      const href = (await first.locator('a').first().getAttribute('href'))!;
      const secondHref = (await second.locator('a').first().getAttribute('href'))!;
      const title = (await first.locator('a').first().locator('span[class*="title"]').textContent())!;
      const secondTitle = (await second.locator('a').first().locator('span[class*="title"]').textContent())!;
      expect(href).toMatch(/^\/intern_experiences\/\d+$/);
      const before = await countOf(first);
      await expect(voteButton(first)).toHaveAttribute('aria-pressed', 'false');
      await expect(clipButton(first)).toHaveAttribute('aria-pressed', 'false');
      await expect(clipButton(first)).toHaveText(/^クリップ：/);

      // 参考になった: pressed, one more.
      const voted = page.waitForResponse((r) => r.url().endsWith('/useful_vote') && r.request().method() === 'PUT');
      await press(voteButton(first), device);
      expect((await voted).status()).toBe(200);
      await expect(voteButton(first)).toHaveAttribute('aria-pressed', 'true');
      await expect(first.locator('[data-useful-count]')).toHaveText(String(before + 1));

      // クリップ: the second post first, then the first one (the newest clip is listed first).
      await press(clipButton(second), device);
      await expect(clipButton(second)).toHaveText(/^クリップ済み：/);
      await press(clipButton(first), device);
      await expect(clipButton(first)).toHaveText(/^クリップ済み：/);
      await expect(clipButton(first)).toHaveAttribute('aria-pressed', 'true');

      // A reload: the count is the server's (in the shared page itself), the pressed state the
      // personal call's.
      expect(await countInServerPage(request, `/intern_experiences?${own.interns}`, href)).toBe(before + 1);
      await page.reload();
      await expect(voteButton(first)).toBeVisible();
      await expect(first.locator('a').first()).toHaveAttribute('href', href);
      await expect(first.locator('[data-useful-count]')).toHaveText(String(before + 1));
      await expect(voteButton(first)).toHaveAttribute('aria-pressed', 'true');
      await expect(clipButton(first)).toHaveAttribute('aria-pressed', 'true');
      await expect(clipButton(first)).toHaveText(/^クリップ済み：/);
      await expect(clipButton(second)).toHaveText(/^クリップ済み：/);
      await expect(voteButton(second)).toHaveAttribute('aria-pressed', 'false');

      // Taking the vote back restores the count, here and in the server's page.
      await hydrated(voteButton(first));
      await press(voteButton(first), device);
      await expect(voteButton(first)).toHaveAttribute('aria-pressed', 'false');
      await expect(first.locator('[data-useful-count]')).toHaveText(String(before));
      expect(await countInServerPage(request, `/intern_experiences?${own.interns}`, href)).toBe(before);
      await expect(clipButton(first)).toHaveText(/^クリップ済み：/);

      // My page's クリップ tab: both posts under インターン体験記, the newest clip first.
      await page.goto('/mypage');
      await page.getByRole('link', { name: 'クリップ', exact: true }).click();
      await expect(page).toHaveURL(/\/mypage\/clips$/);
      await expect(page.getByRole('heading', { name: /^クリップ（2件）/ })).toBeVisible();
      const group = page.getByRole('region', { name: /^インターン体験記/ });
      await expect(group.getByRole('heading', { level: 3 })).toHaveText('インターン体験記2件');
      const clipped = group.locator('li > a');
      await expect(clipped).toHaveCount(2);
      await expect(clipped.nth(0)).toHaveAttribute('href', href);
      await expect(clipped.nth(0)).toContainText(title);
      await expect(clipped.nth(1)).toHaveAttribute('href', secondHref);
      await expect(clipped.nth(1)).toContainText(secondTitle);
      await expect(clipButton(group.locator('li').nth(0))).toHaveAttribute('aria-pressed', 'true');
      await expect(voteButton(group.locator('li').nth(0))).toHaveAttribute('aria-pressed', 'false');

      expect(errors).toEqual([]);
      await context.close();
    });

    test('on a post page both button pairs change together, after the server answers; a visitor is asked to sign up and nothing is sent', async ({
      browser,
    }) => {
      const { context, page, errors } = await studentPage(browser, device);
      await page.goto(`/entry_sheets?${own.entrySheets}`);
      const href = (await listItems(page).first().locator('a').first().getAttribute('href'))!;
      expect(href).toMatch(/^\/(intern|screening)_entry_sheets\/\d+$/);
      await page.goto(href);
      const header = page.locator('article > header');
      const footer = page.locator('article > footer');
      await expect(footer).toContainText(/この.+は参考になりましたか？/);
      await expect(clipButton(header)).toBeVisible();
      await hydrated(clipButton(footer));
      const before = await countOf(header);
      expect(await countOf(footer)).toBe(before);
      for (const part of [header, footer]) {
        await expect(clipButton(part)).toHaveAttribute('aria-pressed', 'false');
        await expect(voteButton(part)).toHaveAttribute('aria-pressed', 'false');
      }

      // The clip is held back: the button keeps its look (and waits) until the answer. The call
      // reaching the server is the moment a hasty button would have changed already.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let reached!: () => void;
      const clipSent = new Promise<void>((resolve) => (reached = resolve));
      await page.route('**/api/v1/student/posts/*/clip', async (route) => {
        reached();
        await held;
        await route.continue();
      });
      await press(clipButton(header), device);
      await expect(clipButton(header)).toBeDisabled();
      await clipSent;
      await rendered(page);
      await expect(clipButton(header)).toHaveAttribute('aria-pressed', 'false');
      await expect(clipButton(header)).toHaveText(/^クリップ：/);
      release();
      for (const part of [header, footer]) {
        await expect(clipButton(part)).toHaveAttribute('aria-pressed', 'true');
        await expect(clipButton(part)).toHaveText(/^クリップ済み：/);
      }
      await page.unroute('**/api/v1/student/posts/*/clip');

      // The footer's vote counts in the header too.
      await press(voteButton(footer), device);
      for (const part of [header, footer]) {
        await expect(voteButton(part)).toHaveAttribute('aria-pressed', 'true');
        await expect(part.locator('[data-useful-count]')).toHaveText(String(before + 1));
      }
      await page.reload();
      for (const part of [header, footer]) {
        await expect(clipButton(part)).toHaveText(/^クリップ済み：/);
        await expect(voteButton(part)).toHaveAttribute('aria-pressed', 'true');
        await expect(part.locator('[data-useful-count]')).toHaveText(String(before + 1));
      }
      expect(errors).toEqual([]);
      await context.close();

      // A visitor: the public count, nothing pressed; a tap asks to sign up and sends nothing.
      const visitor = await visitorContext(browser, device);
      const visitorPage = await visitor.newPage();
      const visitorErrors = watchErrors(visitorPage);
      const sent: string[] = [];
      visitorPage.on('request', (request) => {
        if (request.url().includes('/api/v1/student/') || request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
      });
      await visitorPage.goto(href);
      const visitorHeader = visitorPage.locator('article > header');
      await expect(visitorHeader.locator('[data-useful-count]')).toHaveText(String(before + 1));
      await hydrated(clipButton(visitorHeader));
      await press(clipButton(visitorHeader), device);
      const snack = visitorPage.getByRole('status').filter({ hasText: 'クリップするには会員登録（無料）が必要です。' });
      await expect(snack).toBeVisible();
      await expect(clipButton(visitorHeader)).toHaveAttribute('aria-pressed', 'false');
      await expect(clipButton(visitorHeader)).toHaveText(/^クリップ：/);
      await press(voteButton(visitorPage.locator('article > footer')), device);
      await expect(
        visitorPage.getByRole('status').filter({ hasText: '「参考になった」を付けるには会員登録（無料）が必要です。' }),
      ).toBeVisible();
      await expect(visitorHeader.locator('[data-useful-count]')).toHaveText(String(before + 1));
      expect(sent).toEqual([]);
      // The snack bar's 会員登録 leads to the sign-up form, and back here afterwards.
      await press(visitorPage.getByRole('button', { name: '会員登録', exact: true }), device);
      await expect(visitorPage).toHaveURL(`/signup?redirect_to=${encodeURIComponent(href)}`);
      await expect(visitorPage.getByLabel('メールアドレス')).toBeVisible();
      expect(visitorErrors).toEqual([]);
      await visitor.close();
    });

    test('a list filtered and sorted through the form is one URL: the same list in a new browser, and the canonical link', async ({
      browser,
    }) => {
      const { context, page, errors } = await visitorPage(browser, device);
      await page.goto('/intern_experiences');
      const unfiltered = await listLinks(page, 'intern_experiences');
      expect(unfiltered.length).toBeGreaterThan(0);
      const industry = page.getByLabel('業界', { exact: true });
      // The conditions are folded away until asked for (the list comes first on a phone).
      const summary = page.getByText('条件で絞り込む');
      await hydrated(summary);
      await press(summary, device);
      await hydrated(industry);

      // A choice applies at once, and goes to the list's one URL (no empty fields).
      await industry.selectOption({ label: 'インターネット・Web' });
      await expect(page).toHaveURL(/\/intern_experiences\?industry=3$/);
      await page.getByLabel('開催年', { exact: true }).selectOption('2025');
      await expect(page).toHaveURL(/\/intern_experiences\?industry=3&year=2025$/);
      // The sort link keeps the filters.
      await press(page.getByRole('navigation', { name: '並び順' }).getByRole('link', { name: '参考になった順' }), device);
      await expect(page).toHaveURL(/\/intern_experiences\?industry=3&year=2025&sort=useful$/);
      await expect(page.getByRole('navigation', { name: '並び順' }).locator('[aria-current="true"]')).toHaveText('参考になった順');
      const url = new URL(page.url());
      const pathAndQuery = url.pathname + url.search;
      // The form shows the URL's filters, and the canonical link is that URL.
      const showsTheFilters = async (shown: Page) => {
        await expect(shown.getByLabel('業界', { exact: true })).toHaveValue('3');
        await expect(shown.getByLabel('開催年', { exact: true })).toHaveValue('2025');
        await expect(shown.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${escapeRegExp(pathAndQuery)}$`));
      };
      await showsTheFilters(page);
      const filtered = await listLinks(page, 'intern_experiences');
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered).not.toEqual(unfiltered);

      // The same URL in a brand new browser: the same list in the same order, the same canonical link.
      const fresh = await visitorContext(browser, device);
      const freshPage = await fresh.newPage();
      const freshErrors = watchErrors(freshPage);
      await freshPage.goto(pathAndQuery);
      expect(await listLinks(freshPage, 'intern_experiences')).toEqual(filtered);
      await showsTheFilters(freshPage);
      expect(freshErrors).toEqual([]);
      await fresh.close();

      expect(errors).toEqual([]);
      await context.close();
    });

    test('the ES question search marks the matched words and groups the questions by kind; nothing found offers to clear the conditions', async ({
      browser,
    }) => {
      const { context, page, errors } = await visitorPage(browser, device);
      await page.goto('/entry_sheets');
      const box = page.getByLabel('設問で探す', { exact: true });
      await hydrated(box);

      // Hiragana finds the katakana ガクチカ and its rephrasings.
      await box.fill('がくちか');
      await press(page.getByRole('button', { name: '検索する' }), device);
      await expect(page).toHaveURL(/[?&]q=%E3%81%8C%E3%81%8F%E3%81%A1%E3%81%8B(&|$)/);
      const hits = page.getByRole('list', { name: '見つかった設問' });
      await expect(hits.locator('mark').first()).toBeVisible();
      expect((await hits.locator('mark').first().textContent())!.length).toBeGreaterThan(0);
      const trends = page.getByRole('region', { name: '見つかった設問の傾向' });
      await expect(trends).toBeVisible();
      await expect(trends).toContainText('学生時代に力を入れたこと（ガクチカ）');
      await expect(page).toHaveTitle(/「がくちか」の設問の/);

      // A question nobody was asked.
      await box.fill('宇宙旅行の計画');
      await press(page.getByRole('button', { name: '検索する' }), device);
      await expect(page.getByText('条件に合う設問は見つかりませんでした。')).toBeVisible();
      await expect(page.locator('main mark')).toHaveCount(0);
      await expect(page.getByRole('region', { name: '見つかった設問の傾向' })).toHaveCount(0);
      const clear = page.getByRole('link', { name: '条件をすべて外す' });
      await expect(clear).toHaveAttribute('href', '/entry_sheets');
      await press(clear, device);
      await expect(page).toHaveURL(/\/entry_sheets$/);
      // The fields follow the URL after a client-side navigation.
      await expect(box).toHaveValue('');
      await expect(listItems(page).first()).toBeVisible();
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
