// Issue 33 in a browser, on a phone and a desktop: the header's unread count on every page (a
// shared page included), the notices read when seen on /mypage/notifications, the settings saved,
// and a decision email's one-click unsubscribe link: posted by a mail client (RFC 8058) and opened
// in a fresh browser with no session.
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { emailsTo } from '../support/e2e-mail';
import { hydrated, press, VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { logInDemo, signUpStudent, someCompany, writeQuickReport } from '../support/e2e-students';
import { axeViolations } from '../support/axe';
import { closeBadgePopups } from '../support/badge-popups';

for (const device of VIEWPORTS) {
  test(`notices on a ${device.name}: the unread count, read when seen, the settings, and the unsubscribe link`, async ({
    browser,
    baseURL,
  }) => {
    const { page, email } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
    const errors = watchErrors(page);
    await closeBadgePopups(page);
    // A post of theirs, published by the moderator: a notice and an email with its unsubscribe link.
    const company = await someCompany(page, 5);
    const title = `通知のテスト ${device.name} ${Date.now()}`;
    const postId = await writeQuickReport(page, company.id, title, '一次面接は30分で、志望動機と学生時代の取り組みを聞かれました。');
    const moderator = await logInDemo(browser, baseURL!, 'admin@shulog.example');
    await moderator.goto(`/admin/posts/${postId}`);
    await moderator.getByRole('button', { name: '承認して公開する' }).click();
    await expect(moderator.getByRole('status').filter({ hasText: title })).toContainText('を承認して公開しました。');
    await moderator.context().close();

    // The header's count on a shared page (through the personal call): the bell on a desktop,
    // マイページ on a phone, whose page opens with the unread notices.
    await page.goto(`/companies/${company.id}`);
    const account = page.getByRole('navigation', { name: 'アカウント' });
    const counted = account.getByRole('link', {
      name: device.mobile ? /^マイページ\s*（未読のお知らせ\s*\d+\s*件）$/ : /^お知らせ（未読\s*\d+\s*件）$/,
    });
    await expect(counted).toBeVisible();
    const unread = Number(/未読(?:のお知らせ)?(\d+)件/.exec((await counted.textContent())!)![1]);
    expect(unread).toBeGreaterThanOrEqual(2);
    await hydrated(counted);
    const readCall = page.waitForResponse((response) => response.url().endsWith('/api/v1/student/notifications/read'));
    await press(counted, device);
    if (device.mobile) {
      await expect(page.getByRole('heading', { name: '未読のお知らせ' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('投稿が公開されました');
      const all = page.getByRole('link', { name: /(すべての|ほかの)お知らせ(を|も)見る/ });
      await hydrated(all);
      await press(all, device);
    }
    await expect(page).toHaveURL(/\/mypage\/notifications$/);
    const notice = page.getByRole('listitem').filter({ hasText: title });
    await expect(notice).toContainText('投稿が公開されました');
    await expect(notice).toContainText('未読');
    await expect(page.getByRole('listitem').filter({ hasText: '「はじめての投稿」バッジを獲得しました' })).toBeVisible();
    expect((await readCall).status()).toBe(200);
    // Seen: the header's count is gone at once, and the page keeps its marks until it is left.
    await expect(account.getByRole('link', { name: /未読/ })).toHaveCount(0);
    await expect(account.getByRole('link', { name: 'マイページ', exact: true })).toBeVisible();
    await expect(notice).toContainText('未読');
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: title })).not.toContainText('未読');
    expect(await axeViolations(page)).toEqual([]);

    // The settings: 毎週, no interview reminders; kept after a reload.
    await page.getByRole('link', { name: '通知の設定' }).click();
    await expect(page.getByRole('heading', { name: '通知の設定' })).toBeVisible();
    const weekly = page.getByRole('radio', { name: '毎週' });
    await hydrated(weekly);
    await weekly.check();
    await page.getByRole('checkbox', { name: '面接' }).uncheck();
    await press(page.getByRole('button', { name: '設定を保存する' }), device);
    await expect(page.getByRole('status').filter({ hasText: '通知の設定を保存しました。' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: '毎週' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '面接' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: '審査結果のお知らせメール' })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);

    // The decision email's link: a mail client's one-click POST, with no session and no token ...
    let link = '';
    await expect
      .poll(async () => {
        const message = (await emailsTo(email)).find((mail) => mail.subject === '【シューログ】投稿が公開されました');
        link = /https?:\/\/\S+\/notifications\/unsubscribe\/\S+/.exec(message?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const path = new URL(link).pathname;
    const client = await playwrightRequest.newContext({ baseURL });
    const oneClick = await client.post(path, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(oneClick.status()).toBe(200);
    await client.dispose();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: '審査結果のお知らせメール' })).not.toBeChecked();
    // ... and the same link opened in a fresh browser: it asks before it stops anything.
    const stranger = await browser.newContext({ baseURL, viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
    const visitor = await stranger.newPage();
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { name: 'メール配信の停止' })).toBeVisible();
    await expect(visitor.getByText('審査結果のお知らせメールの配信を停止します。')).toBeVisible();
    expect(await axeViolations(visitor)).toEqual([]);
    const stop = visitor.getByRole('button', { name: '配信を停止する' });
    await hydrated(stop);
    await press(stop, device);
    await expect(visitor.getByRole('heading', { name: '配信を停止しました' })).toBeVisible();
    await expect(
      visitor.getByText('審査結果のお知らせメールの配信を停止しました。ほかのお知らせメールは、これまでどおりお送りします。'),
    ).toBeVisible();
    await stranger.close();
    // A forged link stops nothing.
    const forged = await browser.newContext({ baseURL });
    const forgedPage = await forged.newPage();
    await forgedPage.goto(path.replace(/-moderation-/, '-digest-'));
    await expect(forgedPage.getByRole('heading', { name: 'このリンクは使えません' })).toBeVisible();
    await forged.close();
    expect(errors).toEqual([]);
  });
}
