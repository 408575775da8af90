// Issue 18, goal 6: sign-up that does not reveal a registered address, a new address confirmed by
// a link to it, and 退会, in the browser as a student does them, at 375 px and 1280 px.
import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { E2E_PASSWORD, linkFromEmail, signUpStudent, uniqueEmail } from '../support/e2e-students';

/** Errors but the browser's own note of a 4xx answer, which these tests provoke on purpose. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 4\d\d/.test(error));

test('sign-up answers a registered address as any other, and its owner gets an email instead of a link', async ({ page }) => {
  const errors = watchErrors(page);
  const registered = 'student05@shulog.example';
  const fresh = uniqueEmail('fresh');
  const answers: string[] = [];
  for (const email of [registered, fresh]) {
    await page.goto('/signup');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill('a pass phrase for both');
    await page.getByRole('button', { name: '同意して登録する' }).click();
    const answer = page.getByRole('status').filter({ hasText: '確認メールを送信しました' });
    await expect(answer).toBeVisible();
    answers.push((await answer.textContent())!.replace(email, 'ADDRESS'));
  }
  expect(answers[0]).toBe(answers[1]);
  // The owner is told, with the way to log in, and no link that would create anything.
  await expect
    .poll(async () =>
      (await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(registered)}`)).text()).includes(
        'このメールアドレスはすでに登録されています',
      ),
    )
    .toBe(true);
  // The fresh address's link leads to a page that says what it will do; opening it creates nothing.
  await page.goto(await linkFromEmail(page, fresh, '/signup/confirm'));
  await expect(page.getByRole('button', { name: '登録を完了する' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/signup/confirm/not-a-real-token-at-all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('このリンクは使えません');
  expect(unexpected(errors)).toEqual([]);
});

for (const device of VIEWPORTS) {
  test(`change the address with a link to the new one: ${device.name}`, async ({ browser }) => {
    const { context, page, email } = await signUpStudent(browser, { viewport: device.viewport, mobile: device.mobile });
    const errors = watchErrors(page);
    await page.goto('/mypage/account');
    await expect(page.getByText(`現在のメールアドレス: ${email}`)).toBeVisible();
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'メールアドレスの変更' }) });
    const next = uniqueEmail('next');
    await card.getByLabel('新しいメールアドレス').fill(next);
    await card.getByLabel('現在のパスワード').fill('not my password');
    await card.getByRole('button', { name: '確認メールを送る' }).click();
    // The server's answer: beside the field, focus on it, and what was typed kept.
    await expect(card.getByText('現在のパスワードが正しくありません。').first()).toBeVisible();
    await expect(card.getByLabel('現在のパスワード')).toBeFocused();
    await expect(card.getByLabel('新しいメールアドレス')).toHaveValue(next);
    await card.getByLabel('現在のパスワード').fill(E2E_PASSWORD);
    await card.getByRole('button', { name: '確認メールを送る' }).click();
    await expect(card.getByRole('status')).toContainText(`${next} 宛てに確認メールを送信しました`);

    // The link, in a browser without the session (a phone's mail app, say).
    const link = await linkFromEmail(page, next, '/email_change');
    const elsewhere = await browser.newContext({ viewport: device.viewport, isMobile: device.mobile, hasTouch: device.mobile });
    const mailApp = await elsewhere.newPage();
    await mailApp.goto(link);
    await expect(mailApp.locator('main')).toContainText(next);
    expect(await axeViolations(mailApp)).toEqual([]);
    await mailApp.getByRole('button', { name: '変更を完了する' }).click();
    await expect(mailApp.getByRole('heading', { level: 1 })).toHaveText('メールアドレスを変更しました');
    await elsewhere.close();

    // The old address is told; the new one logs in.
    await expect
      .poll(async () =>
        (await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).text()).includes('メールアドレスが変更されました'),
      )
      .toBe(true);
    await page.reload();
    await expect(page.getByText(`現在のメールアドレス: ${next}`)).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
}

test('退会: the password first, then the account is gone and the top page says so', async ({ browser }) => {
  const { context, page, email } = await signUpStudent(browser, { viewport: { width: 375, height: 812 }, mobile: true });
  const errors = watchErrors(page);
  await page.goto('/mypage/account');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: '退会' }) });
  await expect(card).toContainText('「退会したユーザー」');
  await card.getByRole('button', { name: '退会する' }).click();
  await expect(card.getByLabel('現在のパスワード')).toBeFocused();
  await card.getByLabel('現在のパスワード').fill('not my password');
  await card.getByRole('button', { name: '退会する' }).click();
  await expect(card.getByText('現在のパスワードが正しくありません。').first()).toBeVisible();
  await card.getByLabel('現在のパスワード').fill(E2E_PASSWORD);
  await card.getByRole('button', { name: '退会する' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('退会しました。ご利用ありがとうございました')).toBeVisible();
  await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(E2E_PASSWORD);
  await page.locator('main').getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません。');
  expect(unexpected(errors)).toEqual([]);
  await context.close();
});
