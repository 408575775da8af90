// Issue 27: the loop the site lives on — write, send, get a decision, correct, send again — as a
// student does it on a phone and on a laptop: fill in, wait for 「下書きを保存しました」, tap once,
// and the post is sent. A moderator in a second browser sends it back; the student edits, waits,
// taps once and it is sent again. Sending offline keeps the form and everything in it, and sends
// once the connection is back.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { RATING_ITEMS } from '../../app/features/companies/rating-items';
import { hydrated, press, VIEWPORTS, watchErrors, type Device } from '../support/e2e-devices';
import { closeBadgePopups } from '../support/badge-popups';
import { fillInternProgram, waitSaved } from '../support/e2e-posting';
import { signUpStudent } from '../support/e2e-students';

const DEMO_PASSWORD = 'shulog-demo-2026';
/** A send that works answers within this; a first tap that does nothing never does. */
const SENT_WITHIN = { timeout: 8_000 };

async function someCompanyId(page: Page, index: number): Promise<number> {
  const response = await page.request.get('/api/company?source=incremental&company_name=%E3%81%8B');
  const { companies } = (await response.json()) as { companies: Array<{ company_id: number }> };
  return companies[index]!.company_id;
}

async function moderatorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill('admin@shulog.example');
  await page.getByLabel('パスワード').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function sendButton(page: Page, name: string, device: Device) {
  const button = page.getByRole('button', { name });
  await hydrated(button);
  await press(button, device);
}

for (const device of VIEWPORTS) {
  test(`the posting loop at ${device.viewport.width}px: sent on the first tap, sent back, corrected and sent again on the first tap`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
    // The badges this loop earns rise as a sheet over a phone's page: closed as a student would,
    // whenever one comes (the loop is what this test is about; favorites-badges.spec.ts has them).
    await closeBadgePopups(page);
    const errors = watchErrors(page);
    const companyId = await someCompanyId(page, device.mobile ? 2 : 3);
    const title = `一次面接を受けました ${device.name} ${Date.now()}`;

    await page.goto(`/jobhunt_prompt_reports/new?company_id=${companyId}`);
    await page.getByRole('radiogroup', { name: 'できごと' }).getByLabel('面接').check();
    await page.getByLabel('日付').fill('2026-11-02');
    await page.getByLabel('タイトル').fill(title);
    await page.getByLabel('本文').fill('面接官は2人で、学生時代の取り組みを深く聞かれました。');
    await waitSaved(page);
    // Nothing is left to save: the ordinary case in which the first tap used to do nothing.
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/jobhunt_prompt_reports/new'));
    await sendButton(page, '審査に送信する', device);
    await sent;
    await expect(page).toHaveURL(/\/mypage\/posts\?submitted=\d+/, SENT_WITHIN);
    const postId = Number(/submitted=(\d+)/.exec(page.url())![1]);
    await expect(page.locator('main li').filter({ hasText: title })).toContainText('審査中');

    // A moderator, in another browser, sends it back with a reason.
    const moderator = await moderatorPage(browser, baseURL!);
    await moderator.goto(`/admin/posts/${postId}`);
    await moderator.getByRole('radiogroup', { name: '理由' }).getByLabel('内容が不十分').check();
    await moderator.getByLabel('投稿者へのメッセージ（任意）').fill('面接の質問を具体的に書き足してください。');
    await moderator.getByRole('button', { name: '差し戻す' }).click();
    await expect(moderator).toHaveURL(/\/admin(\?|$)/);

    // The student finds it on their posts, edits, waits for the save and taps once.
    await page.goto('/mypage/posts');
    await page.locator('main li').filter({ hasText: title }).getByRole('link', { name: '修正して再送信' }).click();
    await expect(page.getByText('この投稿は非承認になりました（理由：内容が不十分）')).toBeVisible();
    await page.getByLabel('本文').fill('面接官は2人で、ガクチカと志望動機を深く聞かれました。逆質問の時間もありました。');
    await waitSaved(page);
    await sendButton(page, '修正して再送信する', device);
    await expect(page).toHaveURL(new RegExp(`/mypage/posts\\?submitted=${postId}`), SENT_WITHIN);
    await expect(page.locator('main li').filter({ hasText: title })).toContainText('審査中');
    await expect(page.getByText('別のタブで更新されています')).toHaveCount(0);

    // The moderator sees the corrected text, with what changed.
    await moderator.goto(`/admin/posts/${postId}`);
    await expect(moderator.locator('li', { hasText: '逆質問の時間もありました' })).toBeVisible();
    expect(errors).toEqual([]);
    await moderator.context().close();
    await context.close();
  });

  test(`sending offline at ${device.viewport.width}px keeps the form and every star, and sends once the connection is back`, async ({
    browser,
  }) => {
    const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
    await closeBadgePopups(page);
    const companyId = await someCompanyId(page, device.mobile ? 4 : 5);
    await page.goto(`/intern_experiences/new?company_id=${companyId}`);
    await fillInternProgram(page, {
      title: '3日間の業務体験インターン',
      year: '2025',
      season: '夏',
      theme: '営業の提案ロールプレイ',
      format: 'オンライン',
      days: '3',
    });
    await page
      .getByRole('textbox', { name: '内容', exact: true })
      .fill('初日は会社説明と業界の講義、2日目と3日目は4人のチームで法人向けの提案のロールプレイでした。');
    await page.getByLabel('選考フロー').fill('ES → 面接1回');
    await page.getByLabel('感想').fill('社員の方のフィードバックが丁寧で、営業の仕事がよくわかりました。');
    await waitSaved(page);

    await context.setOffline(true);
    // The last second of input: all nine stars, then one tap, offline.
    for (const item of RATING_ITEMS) {
      const group = page.getByRole('radiogroup', { name: item.label });
      await press(group.locator('label').nth(3), device);
      await expect(group.getByLabel('4点')).toBeChecked();
    }
    await sendButton(page, '審査に送信する', device);
    await expect(
      page.getByRole('alert').filter({ hasText: 'オフラインのため送信できませんでした。接続が戻ったら送信します' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/intern_experiences\/new/);
    await expect(page.getByRole('heading', { name: 'インターン体験記を書く' })).toBeVisible();
    for (const item of RATING_ITEMS) await expect(page.getByRole('radiogroup', { name: item.label }).getByLabel('4点')).toBeChecked();
    // Every star is in the device's copy already.
    const copy = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('shulog:draft:') && !name.endsWith(':cursor'));
      return key ? (JSON.parse(localStorage.getItem(key)!) as { content: { ratings?: Record<string, unknown> } }).content : null;
    });
    expect(RATING_ITEMS.map((item) => Number(copy?.ratings?.[item.key]))).toEqual(RATING_ITEMS.map(() => 4));

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/mypage\/posts\?submitted=\d+/, SENT_WITHIN);
    await expect(page.locator('main li').filter({ hasText: '3日間の業務体験インターン' })).toContainText('審査中');
    await context.close();
  });
}

test('a correction typed into a text area before the page has loaded its script is kept and saved', async ({ browser }) => {
  const device = VIEWPORTS[0];
  const { context, page } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
  const companyId = await someCompanyId(page, 6);
  await page.goto(`/jobhunt_prompt_reports/new?company_id=${companyId}`);
  await page.getByLabel('タイトル').fill('最終面接の日程が届きました');
  await page.getByLabel('本文').fill('人事の方から電話で最終面接の日程の連絡がありました。');
  await waitSaved(page);
  const postId = await page.locator('input[name=postId]').inputValue();

  // A slow phone: the page is shown and typed into before its script has run.
  let release = () => {};
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**', async (route) => {
    await scripts;
    await route.continue();
  });
  await page.goto(`/mypage/posts/${postId}/edit`, { waitUntil: 'commit' });
  const report = page.getByLabel('本文');
  await report.fill('人事の方から電話で最終面接の日程の連絡がありました。面接官は役員の方2名とのことです。');
  release();
  await waitSaved(page);
  await expect(report).toHaveValue('人事の方から電話で最終面接の日程の連絡がありました。面接官は役員の方2名とのことです。');
  await page.unroute('**/assets/**');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByLabel('本文')).toHaveValue(
    '人事の方から電話で最終面接の日程の連絡がありました。面接官は役員の方2名とのことです。',
  );
  await context.close();
});
