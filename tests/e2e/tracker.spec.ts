// Issue 17, the selection tracker (選考管理): a company added from its page and from the board,
// moved through every step with the badge popups, an ES deadline tomorrow shown 「明日」 at the
// top; a visitor is asked to sign up; a time without a date is refused and nothing typed is lost.
// Every test runs on a phone (375 px, touch) and on a desktop (1280 px).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseInternshipOnBoard, companyFound } from '../support/e2e-board';
import { type Device, hydrated, press, VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { signUpStudent } from '../support/e2e-students';

/** The badge popup of the device: a bottom sheet on phones, a snack bar on desktops. */
function badgePopup(page: Page, device: Device): Locator {
  return device.mobile
    ? page.getByRole('dialog', { name: 'バッジを獲得しました' })
    : page.locator('#js-badge-popup-container [role=status]');
}

/** Sees the popup announce a badge, then closes it. */
async function seeBadge(page: Page, device: Device, text: string | RegExp): Promise<void> {
  const popup = badgePopup(page, device);
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: '閉じる' }).click();
  await expect(popup).toHaveCount(0);
}

/** Tomorrow in Tokyo, 'YYYY-MM-DD'. */
function tokyoTomorrow(): string {
  return new Date(Date.now() + 9 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

/** A demo company found through the search call, the n-th for a query. */
for (const device of VIEWPORTS) {
  test.describe(`${device.name} (${device.viewport.width} px)`, () => {
    test('a company added from its page goes through every step with its badges; an ES deadline tomorrow shows 「明日」 at the top', async ({
      browser,
    }) => {
      const student = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      const { page } = student;
      const errors = watchErrors(page);
      const target = await companyFound(page, 'あ', 3);

      await page.goto(`/companies/${target.id}`);
      const add = page.getByRole('button', { name: '選考管理に追加' });
      await hydrated(add);
      // The student's first company page earns 「はじめての企業チェック」: its notification (on a phone
      // the small bar of reading badges) comes first, and is closed.
      const viewed = page.locator('#js-badge-popup-container [role=status]');
      await expect(viewed).toContainText('「はじめての企業チェック」バッジを獲得しました');
      await viewed.getByRole('button', { name: '閉じる' }).click();
      await expect(viewed).toHaveCount(0);
      await press(add, device);
      const added = page.waitForResponse((response) => response.url().includes(`/tracker/companies/${target.id}/recruit`));
      await press(page.getByRole('button', { name: '本選考として追加' }), device);
      expect((await added).status()).toBe(200);
      await expect(page.getByRole('link', { name: /選考管理：本選考 登録のみ/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'インターンも選考管理に追加' })).toBeVisible();

      await page.goto('/mypage/selections');
      const card = page.locator(`#company-${target.id}`);
      await expect(card.getByRole('heading', { name: target.name })).toBeVisible();
      // The form is behind 「状況を更新する」 (a native disclosure), so the board stays readable.
      await card.getByText('状況を更新する', { exact: true }).click();
      const update = card.getByRole('button', { name: '更新する' });
      await hydrated(update);
      for (const [step, badge] of [
        ['ES提出', 'ES提出'],
        ['1次面接通過', '1次面接通過'],
        ['2次面接以降通過', '2次面接'],
        ['内定', '内定'],
        ['入社', '入社'],
      ] as const) {
        await card.getByLabel('段階').selectOption({ label: step });
        await press(update, device);
        await seeBadge(page, device, badge);
        await expect(card.locator('p').filter({ hasText: '本選考' }).first()).toContainText(step);
      }
      // Back one step (a mistaken tap undone), with its date: no badge, and the history keeps both.
      await card.getByLabel('段階').selectOption({ label: '内定' });
      await press(update, device);
      await expect(page.getByText('選考の状況を更新しました')).toBeVisible();
      // Nothing to announce: a badge the step had earned would be waiting, not yet shown, behind
      // this message (the popup reports a badge shown only once it has its turn).
      expect((await (await page.request.get('/api/v1/student/badges/acquire')).json()).badge_kinds).toEqual([]);
      await expect(badgePopup(page, device)).toHaveCount(0);
      await card.getByText(/これまでの経過/).click();
      await expect(card.locator('details ol li')).toHaveCount(7);
      // After 内定 the board offers to write about it, with the company chosen.
      await expect(card.getByRole('link', { name: '本選考体験記を書く' })).toHaveAttribute(
        'href',
        `/screening_experiences/new?company_id=${target.id}`,
      );

      await card.getByText('予定を追加する', { exact: true }).first().click();
      const form = card.locator('form').filter({ has: page.getByLabel('種類') });
      await form.getByLabel('種類').selectOption({ label: 'ES締切' });
      await form.getByLabel('日付').fill(tokyoTomorrow());
      await form.getByLabel('時刻（任意）').fill('23:59');
      await press(form.getByRole('button', { name: '予定を追加する' }), device);
      const upcoming = page.getByRole('region', { name: 'これから2週間の予定' });
      await expect(upcoming.getByRole('listitem').first()).toContainText('明日');
      await expect(upcoming.getByRole('listitem').first()).toContainText(`ES締切：${target.name}`);
      expect(errors).toEqual([]);
      await student.context.close();
    });

    test('a company added from the board with the company search, as an internship, earns 301', async ({ browser }) => {
      const student = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      const { page } = student;
      const errors = watchErrors(page);
      await page.goto('/mypage/selections');
      await expect(page.getByText('まだ企業が登録されていません。')).toBeVisible();
      const target = await chooseInternshipOnBoard(page, device, 'あお');
      await press(page.getByRole('button', { name: '選考管理に追加する' }), device);
      await seeBadge(page, device, 'インターン先の登録');
      const card = page.locator(`#company-${target.id}`);
      await expect(card).toContainText('応募');
      // Adding it again changes nothing.
      await chooseInternshipOnBoard(page, device, 'あお');
      await press(page.getByRole('button', { name: '選考管理に追加する' }), device);
      await expect(page.getByText('すでに選考管理に登録されています')).toBeVisible();
      await expect(page.locator('[id^="company-"]')).toHaveCount(1);
      expect(errors).toEqual([]);
      await student.context.close();
    });

    test('the calendar URL is copied with one tap, and put in front of the student where the clipboard is missing', async ({ browser }) => {
      const student = await signUpStudent(browser, {
        viewport: device.viewport,
        mobile: device.mobile,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const { page } = student;
      await page.goto('/mypage/selections');
      const field = page.getByRole('textbox', { name: 'カレンダー用のURL' });
      const copy = page.getByRole('button', { name: 'URLをコピー' });
      await hydrated(copy);
      await press(copy, device);
      const bubble = page.getByRole('status').filter({ hasText: 'URLをコピーしました' });
      await expect(bubble).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await field.inputValue());
      // The bubble goes after 2 s.
      await expect(bubble).toHaveCount(0);

      // A browser without the clipboard (a page served without HTTPS): the URL is selected to copy by hand.
      await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
      await press(copy, device);
      await expect(page.getByRole('alert').filter({ hasText: 'このブラウザではURLを自動でコピーできませんでした' })).toBeVisible();
      await expect(field).toBeFocused();
      const selected = await field.evaluate((input: HTMLInputElement) =>
        input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
      );
      expect(selected).toBe(await field.inputValue());
      await student.context.close();
    });

    test('a time without a date is refused beside the field, and what was typed stays', async ({ browser }) => {
      const student = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
      const { page } = student;
      const target = await companyFound(page, 'あ', 5);
      const token = (await student.context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
      const response = await page.request.put(`/api/v1/student/tracker/companies/${target.id}/recruit`, {
        headers: { 'X-CSRF-Token': token },
      });
      expect(response.status()).toBe(200);
      await page.goto('/mypage/selections');
      const card = page.locator(`#company-${target.id}`);
      await card.getByText('予定を追加する', { exact: true }).first().click();
      const form = card.locator('form').filter({ has: page.getByLabel('種類') });
      await hydrated(form.getByRole('button', { name: '予定を追加する' }));
      await form.getByLabel('時刻（任意）').fill('13:00');
      await form.getByLabel('場所（任意）').fill('本社 3階');
      await press(form.getByRole('button', { name: '予定を追加する' }), device);
      await expect(form.getByText('時刻だけでは登録できません。日付も入力してください。').first()).toBeVisible();
      await expect(form.getByLabel('日付')).toBeFocused();
      await expect(form.getByLabel('場所（任意）')).toHaveValue('本社 3階');
      await student.context.close();
    });
  });
}

test('a visitor is asked to sign up, and nothing is sent', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const target = await companyFound(page, 'あ');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/tracker/')) sent.push(request.url());
  });
  await page.goto(`/companies/${target.id}`);
  const add = page.getByRole('button', { name: '選考管理に追加' });
  await hydrated(add);
  await add.click();
  await expect(page.getByText('選考管理には会員登録（無料）が必要です。')).toBeVisible();
  await page.getByRole('button', { name: '会員登録' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?redirect_to=%2Fcompanies%2F${target.id}`));
  expect(sent).toEqual([]);
  // The board is the student's: a visitor is sent to log in.
  await page.goto('/mypage/selections');
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});
