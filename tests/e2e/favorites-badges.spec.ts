import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpStudent } from '../support/e2e-students';

const newStudent = (browser: Browser, viewport: { width: number; height: number }, mobile = false) =>
  signUpStudent(browser, { viewport, mobile, permissions: ['clipboard-read', 'clipboard-write'] });

async function companyWithSearchResult(page: Page): Promise<{ id: number; name: string }> {
  const response = await page.request.get('/api/company?source=incremental&company_name=%E3%81%82');
  const { companies } = (await response.json()) as { companies: Array<{ company_id: number; name: string }> };
  return { id: companies[2]!.company_id, name: companies[2]!.name };
}

test('favoriting updates every button for the company, announces the badge, copies the link and shows it on /badges', async ({
  browser,
}) => {
  const { context, page } = await newStudent(browser, { width: 1280, height: 900 });
  const company = await companyWithSearchResult(page);
  await page.clock.install();
  await page.goto(`/companies/${company.id}`);
  const buttons = page.locator(`button[data-company-id="${company.id}"]`);
  await expect(buttons).toHaveCount(2);
  await expect(buttons.first()).toHaveText(/^お気に入り登録：/);
  // The accessible name starts with the visible label and names the company; the state is aria-pressed.
  const escaped = company.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(buttons.first()).toHaveAccessibleName(new RegExp(`^お気に入り登録\\s?：${escaped}$`));
  await expect(buttons.first()).toHaveAttribute('aria-pressed', 'false');
  await expect(buttons.first().locator('svg')).toHaveClass('icon-heart-plus-o');

  // Opening the first company page earned 103; its popup shows on page load. The popup is a
  // lazy component, and React reveals a suspended boundary on a timer: the fake clock has to run.
  const popup = page.locator('#js-badge-popup-container [role=status]').first();
  await expect(async () => {
    await page.clock.runFor(100);
    await expect(popup).toContainText('「はじめての企業チェック」バッジを獲得しました', { timeout: 200 });
  }).toPass({ timeout: 10_000 });

  await buttons.first().click();
  for (const button of await buttons.all()) {
    await expect(button).toHaveText(/^お気に入り登録済み：/);
    await expect(button.locator('svg')).toHaveClass('icon-heart');
  }
  // The favorite's popup waits while another one shows, checking every second.
  await page.clock.fastForward(1500);
  await expect(popup).toContainText('はじめての企業チェック');
  await popup.getByRole('button', { name: '閉じる' }).click();
  await page.clock.fastForward(1100);

  // Desktop: a snack bar with the last badge's name, share buttons and the /badges link.
  await expect(popup).toContainText('「はじめてのお気に入り」バッジを獲得しました');
  await expect(popup.getByRole('link', { name: 'X' })).toHaveAttribute('href', /^https:\/\/x\.com\/intent\/tweet\?text=.+&url=/);
  await expect(popup.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /facebook\.com\/sharer\/sharer\.php\?u=/);
  await expect(popup.getByRole('link', { name: 'LINE' })).toHaveAttribute('href', /social-plugins\.line\.me\/lineit\/share\?url=/);
  await popup.getByRole('button', { name: 'リンクをコピー' }).click();
  await expect(page.getByText('リンクをコピーしました')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/badges\/\d+$/);
  await page.clock.fastForward(2100);
  await expect(page.getByText('リンクをコピーしました')).toBeHidden();
  // While the pointer or focus is on it, it stays; 8 seconds after both have left, it closes.
  await page.clock.fastForward(8500);
  await expect(popup).toContainText('「はじめてのお気に入り」バッジを獲得しました');
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.fastForward(8000);
  await expect(page.locator('#js-badge-popup-container')).toBeEmpty();

  // The server kept it: a reload shows the favorite, /badges shows the badge in color.
  await page.reload();
  await expect(buttons.first()).toHaveText(/^お気に入り登録済み：/);
  await page.goto('/badges');
  const badge = page.locator('li', { hasText: 'はじめてのお気に入り' });
  await expect(badge).toContainText('獲得');
  await expect(page.getByText(/\d+\s*\/\s*37/).first()).toBeVisible();

  // Unfavoriting works from the search results as well.
  await page.goto(`/companies?q=${encodeURIComponent(company.name)}`);
  const resultButton = page.locator(`button[data-company-id="${company.id}"]`).first();
  await expect(resultButton).toHaveText(/^お気に入り登録済み：/);
  await resultButton.click();
  await expect(resultButton).toHaveText(/^お気に入り登録：/);
  await context.close();
});

test('a failed favorite call leaves the icon as it was and says so; the error goes when the retry succeeds', async ({ browser }) => {
  const { context, page } = await newStudent(browser, { width: 1280, height: 900 });
  const company = await companyWithSearchResult(page);
  await page.goto(`/companies/${company.id}`);
  // The page's own badge (103) first, closed as a person would, so the error has the lane.
  const badge = page.locator('#js-badge-popup-container [role=status]');
  await expect(badge).toContainText('「はじめての企業チェック」バッジを獲得しました');
  await badge.getByRole('button', { name: '閉じる' }).click();
  await page.route('**/mypage/favorites', (route) => route.fulfill({ status: 500, body: 'error' }));
  const button = page.locator(`button[data-company-id="${company.id}"]`).first();
  await button.click();
  const error = page.getByText('お気に入りを更新できませんでした');
  await expect(error).toBeVisible();
  await expect(button).toHaveText(/^お気に入り登録：/);
  await expect(button.locator('svg')).toHaveClass('icon-heart-plus-o');
  // The connection is back: the retry works, and the error does not stay beside the filled heart.
  await page.unroute('**/mypage/favorites');
  await button.click();
  await expect(button.locator('svg')).toHaveClass('icon-heart');
  await expect(error).toBeHidden();
  await context.close();
});

test('on a phone a badge earned by opening a page waits in a small bar; an action’s badge opens the bottom sheet with 閉じる', async ({
  browser,
}) => {
  const { context, page } = await newStudent(browser, { width: 375, height: 812 }, true);
  const company = await companyWithSearchResult(page);
  await page.goto(`/companies/${company.id}`);
  // Opening the page earns 103: a small bar that covers nothing, and no modal sheet (issue 27).
  const bar = page.locator('#js-badge-popup-container [role=status]');
  await expect(bar).toContainText('「はじめての企業チェック」バッジを獲得しました');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.locator(`button[data-company-id="${company.id}"]`).first().click();
  // The favorite's badge opens the sheet, with the badge the bar held.
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('「はじめてのお気に入り」バッジを獲得しました');
  await expect(sheet).toContainText('他1個のバッジ');
  await expect(bar).toHaveCount(0);
  await expect(sheet.getByRole('link', { name: 'バッジの獲得状況を見る' })).toHaveAttribute('href', '/badges');
  // Modal, the full width of the phone, and focus stays inside however often Tab is pressed
  // (Escape and the return of focus: keyboard.spec.ts).
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  expect(Math.round((await sheet.boundingBox())!.width)).toBe(375);
  for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(4).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await sheet.getByRole('button', { name: '閉じる' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('a visitor who clicks the heart is sent to login and back', async ({ page }) => {
  const company = await companyWithSearchResult(page);
  await page.goto(`/companies/${company.id}`);
  await page.locator(`button[data-company-id="${company.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect_to=${encodeURIComponent(`/companies/${company.id}`)}`));
});

test('50 concurrent identical favorite POSTs make one favorite and no server error; without a token nothing changes', async ({
  browser,
}) => {
  const { context, page } = await newStudent(browser, { width: 1280, height: 900 });
  const company = await companyWithSearchResult(page);
  await page.goto(`/companies/${company.id}`);
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  expect(token).toBeTruthy();

  const refused = await page.request.post('/mypage/favorites', {
    form: { company_id: String(company.id) },
    headers: { Accept: 'application/json' },
  });
  expect(refused.status()).toBe(422);
  await page.goto('/mypage/favorite_companies');
  await expect(page.getByRole('heading', { name: 'お気に入り企業（0社）' })).toBeVisible();

  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      page.request.post('/mypage/favorites', {
        form: { company_id: String(company.id), authenticity_token: token! },
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      }),
    ),
  );
  expect(answers.map((answer) => answer.status()).filter((status) => status >= 300)).toEqual([]);
  await page.goto('/mypage/favorite_companies');
  await expect(page.getByRole('heading', { name: 'お気に入り企業（1社）' })).toBeVisible();
  await expect(page.locator('main li', { hasText: company.name })).toHaveCount(1);

  const unknown = await page.request.post('/mypage/favorites', {
    form: { company_id: '99999999', authenticity_token: token! },
    headers: { Accept: 'application/json' },
  });
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error).toBeTruthy();

  // Removing twice is as harmless as adding twice.
  for (let i = 0; i < 2; i++) {
    const removed = await page.request.delete(`/mypage/favorites/${company.id}`, {
      form: { authenticity_token: token! },
      headers: { Accept: 'application/json' },
    });
    expect(removed.status()).toBeLessThan(300);
  }
  await page.goto('/mypage/favorite_companies');
  await expect(page.getByRole('heading', { name: 'お気に入り企業（0社）' })).toBeVisible();
  await context.close();
});

test('when the browser refuses the clipboard, the badge link is offered to copy by hand and the snack bar stays', async ({ browser }) => {
  const { context, page } = await newStudent(browser, { width: 1280, height: 900 });
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const company = await companyWithSearchResult(page);
  await page.clock.install();
  await page.goto(`/companies/${company.id}`);
  const popup = page.locator('#js-badge-popup-container [role=status]').first();
  await expect(popup).toContainText('バッジを獲得しました');
  await popup.getByRole('button', { name: 'リンクをコピー' }).click();
  await expect(page.getByRole('alert')).toContainText('自動でコピーできませんでした');
  const manual = page.getByRole('textbox', { name: 'バッジの獲得状況ページのリンク' });
  await expect(manual).toHaveValue(new RegExp(`^${new URL('/badges/', page.url()).href}\\d+$`));
  await expect(manual).toBeFocused();
  await expect(page.getByText('リンクをコピーしました')).toHaveCount(0);
  // The student needs the time to copy it: no closing after 8 seconds.
  await page.clock.fastForward(9000);
  await expect(manual).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
