// Issue 27, notices and badges: a badge earned by opening a page is announced on that page, also
// when the student got there within the site (not only on a page load); on a phone those badges
// wait in one small bar that covers nothing and open together in one sheet; the snack bar's
// messages and the badge notification take turns and are never on screen together.
import { expect, test } from '@playwright/test';
import { chooseInternshipOnBoard, companyFound } from '../support/e2e-board';
import { hydrated, press, VIEWPORTS } from '../support/e2e-devices';
import { signUpStudent } from '../support/e2e-students';
import { watchNoticeOverlap } from '../support/notice-overlap';

const [PHONE, DESKTOP] = VIEWPORTS;

test('on a phone, badges earned by opening pages gather in one small bar and open in one sheet', async ({ browser }) => {
  const { context, page } = await signUpStudent(browser, { viewport: PHONE.viewport, mobile: true });
  await page.goto(`/companies/${(await companyFound(page, 'あ')).id}`);
  const bar = page.locator('#js-badge-popup-container [role=status]');
  await expect(bar).toContainText('「はじめての企業チェック」バッジを獲得しました');
  // Nothing modal over the page just opened: the student reads on.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Within the site, to a post of the company: its first view earns its badge on that page.
  const post = page.locator('main a[href^="/intern_experiences/"]').first();
  await hydrated(post);
  await press(post, PHONE);
  await expect(page).toHaveURL(/\/intern_experiences\/\d+$/);
  await expect(bar).toContainText('「インターン体験記を読んだ」バッジを獲得しました（ほか1個）');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await press(bar.getByRole('button', { name: '見る' }), PHONE);
  const sheet = page.getByRole('dialog', { name: 'バッジを獲得しました' });
  await expect(sheet).toContainText('「インターン体験記を読んだ」バッジを獲得しました');
  await expect(sheet).toContainText('他1個のバッジ');
  await press(sheet.getByRole('button', { name: '閉じる' }), PHONE);
  await expect(sheet).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await context.close();
});

test('on a desktop, a badge earned on a page reached within the site is announced on that page', async ({ browser }) => {
  const { context, page } = await signUpStudent(browser, { viewport: DESKTOP.viewport });
  await page.goto(`/companies/${(await companyFound(page, 'あ')).id}`);
  const popup = page.locator('#js-badge-popup-container [role=status]');
  await expect(popup).toContainText('「はじめての企業チェック」バッジを獲得しました');
  await popup.getByRole('button', { name: '閉じる' }).click();
  await expect(popup).toHaveCount(0);
  const post = page.locator('main a[href^="/intern_experiences/"]').first();
  await hydrated(post);
  await post.click();
  await expect(page).toHaveURL(/\/intern_experiences\/\d+$/);
  await expect(popup).toContainText('「インターン体験記を読んだ」バッジを獲得しました');
  await context.close();
});

for (const device of VIEWPORTS) {
  test(`at ${device.viewport.width}px a message and the badge notification take turns and never overlap`, async ({ browser }) => {
    const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
    await page.goto('/mypage/selections');
    // As an internship: 301, インターン先の登録.
    await chooseInternshipOnBoard(page, device, 'あお');
    const watch = await watchNoticeOverlap(page);
    await press(page.getByRole('button', { name: '選考管理に追加する' }), device);
    // The confirmation first, then the badge the addition earned, in turn.
    const message = page.getByRole('status').filter({ hasText: '選考管理に追加しました' });
    await expect(message).toBeVisible();
    const badge = device.mobile
      ? page.getByRole('dialog', { name: 'バッジを獲得しました' })
      : page.locator('#js-badge-popup-container [role=status]');
    await expect(badge).toContainText('「インターン先の登録」バッジを獲得しました', { timeout: 10_000 });
    await expect(message).toHaveCount(0);
    expect(await watch.overlaps()).toBe(0);
    await context.close();
  });
}
