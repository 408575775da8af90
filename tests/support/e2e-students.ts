// A new student signed up through the form, in a browser context of its own, for browser tests.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { emailsTo } from './e2e-mail';

export const E2E_PASSWORD = 'e2e-password-1234';

export type SignedUpStudent = { context: BrowserContext; page: Page; email: string };

export async function signUpStudent(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; mobile?: boolean; permissions?: string[] } = {},
): Promise<SignedUpStudent> {
  const mobile = options.mobile ?? false;
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    isMobile: mobile,
    hasTouch: mobile,
  });
  if (options.permissions) await context.grantPermissions(options.permissions);
  const page = await context.newPage();
  const email = uniqueEmail('student');
  await signUpThroughEmail(page, email, E2E_PASSWORD);
  return { context, page, email };
}

// A random start: the addresses of one run differ from the last one's.
let clientCount = Math.floor(Math.random() * 1_000_000);

/**
 * A client address no other browser context of this run has used, sent as X-Forwarded-For (the
 * server trusts it from the loopback proxy, as behind nginx): each student of the browser tests
 * comes from their own network, so the per-address email and login limits count what a test
 * means them to (docs/decisions/053-email-limits.md).
 */
export function uniqueClientIp(): string {
  const n = ++clientCount % (150 * 250 * 250);
  return `10.${100 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** An address no other test (or earlier run) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * The newest link to `path` (/signup/confirm, /email_change, /password_reset) in the emails to
 * `email`, from the mail sink that the email queue's sender reaches within a second or two.
 */
export async function linkFromEmail(email: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s<"]+${path}/[A-Za-z0-9_-]{43}`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await emailsTo(email)).flatMap((message) => message.text.match(pattern) ?? []).at(-1);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  // The link carries the configured public origin; the test server may answer elsewhere.
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/**
 * Sign-up as a student does it: the form, the confirmation email's link, 「登録を完了する」, and
 * the profile page, waited for until it has asked for new badges (a test that leaves it earlier
 * could have that late call take, and mark as shown, the badge the next page earns).
 */
export async function signUpThroughEmail(page: Page, email: string, password: string): Promise<void> {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueClientIp() });
  await page.goto('/signup');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: '同意して登録する' }).click();
  await expect(page.getByText('確認メールを送信しました')).toBeVisible();
  await page.goto(await linkFromEmail(email, '/signup/confirm'));
  const badgesAsked = page.waitForResponse((response) => response.url().endsWith('/api/v1/student/badges/acquire'));
  await page.getByRole('button', { name: '登録を完了する' }).click();
  await expect(page).toHaveURL(/\/mypage/);
  await badgesAsked;
}

/** The demo's password (DEMO_DATA=1 on the tests' server). */
export const DEMO_PASSWORD = 'shulog-demo-2026';

/** A demo account (a student, or the moderator admin@shulog.example) logged in, in a browser context of its own. */
export async function logInDemo(
  browser: Browser,
  baseURL: string,
  email: string,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
  mobile = false,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** The `index`-th company the header's search suggests for `query`. */
export async function someCompany(page: Page, index: number, query = 'あ'): Promise<{ id: number; name: string }> {
  const response = await page.request.get(`/api/company?source=incremental&company_name=${encodeURIComponent(query)}`);
  const { companies } = (await response.json()) as { companies: Array<{ company_id: number; name: string }> };
  return { id: companies[index]!.company_id, name: companies[index]!.name };
}

/** A 就活速報 written and sent for review through its form; answers the post's id. */
export async function writeQuickReport(page: Page, companyId: number, title: string, report: string): Promise<number> {
  await page.goto(`/jobhunt_prompt_reports/new?company_id=${companyId}`);
  await page.getByRole('radiogroup', { name: 'できごと' }).getByLabel('面接').check();
  await page.getByLabel('日付').fill('2026-11-02');
  await page.getByLabel('タイトル').fill(title);
  await page.getByLabel('本文').fill(report);
  await page.getByRole('button', { name: '審査に送信する' }).click();
  await expect(page).toHaveURL(/\/mypage\/posts\?submitted=(\d+)/);
  return Number(/submitted=(\d+)/.exec(page.url())![1]);
}
