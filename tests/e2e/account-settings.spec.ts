// Issue 18, goal 6: sign-up that does not reveal a registered address, a new address confirmed by
// a link to it, and 退会, in the browser as a student does them, at 375 px and 1280 px.
import { expect, type Locator, request as playwrightRequest, test } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { VIEWPORTS, watchErrors } from '../support/e2e-devices';
import { E2E_PASSWORD, linkFromEmail, signUpStudent, uniqueClientIp, uniqueEmail } from '../support/e2e-students';
import { emailsTo } from '../support/e2e-mail';

/** Errors but the browser's own note of a 4xx answer, which these tests provoke on purpose. */
const unexpected = (errors: string[]) => errors.filter((error) => !/status of 4\d\d/.test(error));

/** 退会's confirmation sent with a wrong password (refused beside the field), then with the right one. */
async function withdrawAfterAWrongPassword(confirm: Locator, press: 'tap' | 'click') {
  await confirm.getByLabel('現在のパスワード').fill('not my password');
  await confirm.getByRole('button', { name: '退会する' })[press]();
  await expect(confirm.getByText('現在のパスワードが正しくありません。').first()).toBeVisible();
  await confirm.getByLabel('現在のパスワード').fill(E2E_PASSWORD);
  await confirm.getByRole('button', { name: '退会する' })[press]();
}

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
      (await emailsTo(registered)).some((mail) => `${mail.subject}\n${mail.text}`.includes('このメールアドレスはすでに登録されています')),
    )
    .toBe(true);
  // The fresh address's link leads to a page that says what it will do; opening it creates nothing.
  await page.goto(await linkFromEmail(fresh, '/signup/confirm'));
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
    const link = await linkFromEmail(next, '/email_change');
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
      .poll(async () => (await emailsTo(email)).some((mail) => `${mail.subject}\n${mail.text}`.includes('メールアドレスが変更されました')))
      .toBe(true);
    await page.reload();
    await expect(page.getByText(`現在のメールアドレス: ${next}`)).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
}

test('退会 on a phone: a second step names what goes and what stays, 「やめる」 keeps the account, the password deletes it', async ({
  browser,
}) => {
  const { context, page, email } = await signUpStudent(browser, { viewport: { width: 375, height: 812 }, mobile: true });
  const errors = watchErrors(page);
  await page.goto('/mypage/account');
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: '退会', exact: true }) });
  await expect(card).toContainText('「退会したユーザー」');
  await expect(card.getByLabel('現在のパスワード')).toHaveCount(0);
  await card.getByRole('link', { name: '退会の手続きへ進む' }).tap();

  // The second step: this student's own numbers, and nothing else on the page to press.
  const confirm = page.locator('section').filter({ has: page.getByRole('heading', { name: '退会の確認' }) });
  await expect(confirm.getByRole('heading', { name: '削除されるもの' })).toBeVisible();
  await expect(confirm).toContainText('お気に入り企業（0社）');
  await expect(confirm).toContainText(/バッジ（\d+個）とポイント（[\d,]+pt）/);
  await expect(confirm.getByRole('heading', { name: '残るもの' })).toBeVisible();
  await expect(confirm).toContainText('「退会したユーザー」');
  await expect(page.getByRole('heading', { name: 'パスワードの変更' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('link', { name: 'やめる' }).tap();
  await expect(page).toHaveURL(/\/mypage\/account$/);
  await expect(page.getByRole('heading', { name: 'パスワードの変更' })).toBeVisible();

  await page.getByRole('link', { name: '退会の手続きへ進む' }).tap();
  await confirm.getByRole('button', { name: '退会する' }).tap();
  await expect(confirm.getByLabel('現在のパスワード')).toBeFocused();
  await withdrawAfterAWrongPassword(confirm, 'tap');
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

test('退会 without JavaScript on a desktop: the same two steps, served by the server', async ({ browser }) => {
  const student = await signUpStudent(browser);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await student.context.storageState() });
  await student.context.close();
  const page = await context.newPage();
  await page.goto('/mypage/account');
  await page.getByRole('link', { name: '退会の手続きへ進む' }).click();
  const confirm = page.locator('section').filter({ has: page.getByRole('heading', { name: '退会の確認' }) });
  await expect(confirm).toContainText('削除されるもの');
  await withdrawAfterAWrongPassword(confirm, 'click');
  // Logged out on the top page (its 「退会しました」 is a snack bar, which needs the script).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();
  await page.goto('/mypage/account');
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});

test('wrong current passwords are counted like failed logins: beside the field, then 429 from the 7th in a minute (HTTP)', async ({
  baseURL,
}) => {
  // docs/decisions/019-login-limits.md. A session left open elsewhere, guessing from one network.
  const ip = uniqueClientIp();
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  const token = async (path: string) => /name="csrf-token" content="([^"]+)"/.exec(await (await api.get(path)).text())![1]!;
  const login = await api.post('/login', {
    form: { authenticity_token: await token('/login'), email: 'student31@shulog.example', password: 'shulog-demo-2026' },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  const authenticity_token = await token('/mypage/account');
  const send = (form: Record<string, string>) => api.post('/mypage/account', { form: { authenticity_token, ...form } });
  const guesses: Array<Record<string, string>> = [
    { intent: 'password', password: 'a new pass phrase', passwordConfirmation: 'a new pass phrase' },
    { intent: 'email', email: 'guessed-move@example.jp' },
    { intent: 'delete' },
  ];
  for (let i = 0; i < 6; i += 1) {
    const wrong = await send({ ...guesses[i % 3]!, currentPassword: `guess ${i}` });
    expect(wrong.status()).toBe(400);
    expect(await wrong.text()).toContain('現在のパスワードが正しくありません。');
  }
  // The 7th, with the right password: refused beside the field, the new address kept, no password.
  const refused = await send({ intent: 'email', email: 'guessed-move@example.jp', currentPassword: 'shulog-demo-2026' });
  expect(refused.status()).toBe(429);
  const html = await refused.text();
  expect(html).toContain('現在のパスワードの誤りが続いたため、一時的に受け付けを停止しています。');
  expect(html).toMatch(
    /<input[^>]*name="currentPassword"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="currentPassword"/,
  );
  expect(html).toContain('value="guessed-move@example.jp"');
  expect(html).not.toContain('shulog-demo-2026');
  await api.dispose();
});
